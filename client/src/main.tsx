import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/inter/latin-800.css';
import '@fontsource/inter/latin-ext-400.css';
import '@fontsource/inter/latin-ext-700.css';
import './app/font-fallback.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { configuredHostnames, isAllowedHostname } from './app/countries';
import { blockBackspaceNavigation } from './app/keyboard';
import { createAppRouter } from './app/router';
import { createStore } from './app/store';
import { theme } from './app/theme';
import { selectAnalytics } from './features/analytics/analytics';
import { AnalyticsProvider } from './features/analytics/analytics-context';
import { readScreenShareCookie } from './features/site/screen-share';

function start(): void {
  if (!isAllowedHostname(window.location.hostname, configuredHostnames(document))) {
    // The product runs on its own host names only (part 1 §1).
    console.error('404');
    return;
  }
  blockBackspaceNavigation(document);
  const store = createStore({ site: { country: 'us', screenShare: readScreenShareCookie() } });
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" />
        <AnalyticsProvider analytics={selectAnalytics(window)}>
          <RouterProvider router={router} />
        </AnalyticsProvider>
      </MantineProvider>
    </Provider>,
  );
}

start();
