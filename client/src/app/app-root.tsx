import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Analytics } from '../features/analytics/analytics';
import { AnalyticsProvider } from '../features/analytics/analytics-context';
import type { AppStore } from './store';
import { theme } from './theme';

/** Calls back once the app has rendered, or hydrated, its first page. */
function Started({ onStarted }: { onStarted?: () => void }) {
  useEffect(() => onStarted?.(), [onStarted]);
  return null;
}

/** The whole app: the same tree in the browser and in the build's prerendering, so the prerendered HTML hydrates. */
export function AppRoot({ store, router, analytics, onStarted }: { store: AppStore; router: DataRouter; analytics: Analytics; onStarted?: () => void }) {
  return (
    <Provider store={store}>
      {/* The theme's CSS variables come from the build (virtual:mantine-variables.css), not from each start. */}
      <MantineProvider theme={theme} withCssVariables={false}>
        <Notifications position="top-right" />
        <AnalyticsProvider analytics={analytics}>
          <RouterProvider router={router} />
        </AnalyticsProvider>
        <Started onStarted={onStarted} />
      </MantineProvider>
    </Provider>
  );
}
