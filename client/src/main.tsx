import './app/font-fallback.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'virtual:mantine-variables.css';
import { configuredHostnames, isAllowedHostname } from './app/countries';
import fontsUrl from './app/fonts.css?url';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { yieldToBrowser } from './app/yield';

/** Adds the web fonts' style sheet: they arrive after the first paint, which uses the metric-matched fallback. */
function loadFonts(): void {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = fontsUrl;
  document.head.appendChild(link);
}

async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  if (!isAllowedHostname(window.location.hostname, configuredHostnames(document))) {
    // The product runs on its own host names only (part 1 §1): not even a prerendered page stays.
    container.replaceChildren();
    console.error('404');
    return;
  }
  loadFonts();
  const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
  // The app's code runs in two tasks, React first, instead of one long one (its chunks are already preloaded).
  if (prerendered) {
    await import('react-dom/client');
    await yieldToBrowser();
  }
  const { start } = await import('./app/start');
  await start(container, prerendered);
}

void boot();
