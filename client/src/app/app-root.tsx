import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Analytics } from '../shared/analytics/analytics';
import { AnalyticsProvider } from '../shared/analytics/analytics-context';
import type { RootState } from '../lib/state';
import type { AppStore } from './store';
import { theme } from './theme';

/** Calls back once the app has rendered, or hydrated, its first page. */
function Started({ onStarted }: { onStarted?: () => void }) {
  useEffect(() => onStarted?.(), [onStarted]);
  return null;
}

/**
 * The whole app: the same tree in the browser and in the build's prerendering, so the prerendered HTML hydrates.
 * `serverState` is the state the prerendered page was made from: whatever hydrates reads it (the store may have
 * changed meanwhile, e.g. an answer arrived before a part hydrated later), then re-renders with the store's own.
 */
export function AppRoot({ store, serverState, router, analytics, onStarted }: { store: AppStore; serverState?: RootState; router: DataRouter; analytics: Analytics; onStarted?: () => void }) {
  return (
    <Provider store={store} serverState={serverState}>
      {/* The theme's CSS variables come from the build (virtual:mantine-variables.css), not from each start. */}
      <MantineProvider theme={theme} withCssVariables={false}>
        {/* Hydrated with the page's later parts: the notifications' portal mounting just after hydration re-rendered
            them at once, in the long task that commits the page. Notifications shown meanwhile wait in their store. */}
        <Suspense>
          <Notifications position="top-right" />
        </Suspense>
        <AnalyticsProvider analytics={analytics}>
          <RouterProvider router={router} />
        </AnalyticsProvider>
        {/* In a boundary of its own, the last: React hydrates a page's boundaries after the rest, together, so the
            page counts as started once its later parts (home's wizard) have hydrated too. */}
        <Suspense>
          <Started onStarted={onStarted} />
        </Suspense>
      </MantineProvider>
    </Provider>
  );
}
