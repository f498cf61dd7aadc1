import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Provider } from 'react-redux';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Analytics } from '../features/analytics/analytics';
import { AnalyticsProvider } from '../features/analytics/analytics-context';
import type { AppStore } from './store';
import { theme } from './theme';

/** The whole app: the same tree in the browser and in the build's prerendering, so the prerendered HTML hydrates. */
export function AppRoot({ store, router, analytics }: { store: AppStore; router: DataRouter; analytics: Analytics }) {
  return (
    <Provider store={store}>
      {/* The theme's CSS variables come from the build (virtual:mantine-variables.css), not from each start. */}
      <MantineProvider theme={theme} withCssVariables={false}>
        <Notifications position="top-right" />
        <AnalyticsProvider analytics={analytics}>
          <RouterProvider router={router} />
        </AnalyticsProvider>
      </MantineProvider>
    </Provider>
  );
}
