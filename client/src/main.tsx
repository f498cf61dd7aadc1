import './app/font-fallback.css';
import './app/fonts.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'virtual:mantine-variables.css';
import { configuredHostnames, isAllowedHostname } from './app/countries';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { yieldToBrowser } from './app/yield';

async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  if (!isAllowedHostname(window.location.hostname, configuredHostnames(document))) {
    // The product runs on its own host names only (part 1 §1): not even a prerendered page stays.
    container.replaceChildren();
    console.error('404');
    return;
  }
  const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
  // The app's code runs in several tasks, React first, then the start's stages (its chunks are already preloaded).
  if (prerendered) {
    await import('react-dom/client');
    await yieldToBrowser();
  }
  const { start } = await import('./app/start');
  await start(container, prerendered);
}

void boot();
