import './app/font-fallback.css';
import './app/fonts.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'virtual:mantine-variables.css';
import { configuredHostnames, isAllowedHostname } from './lib/countries';
import { firstUse, inputSeen, releaseHeldInputs, startsAtLoad } from './lib/first-input';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { yieldToBrowser } from './app/yield';
import { hasWizardSession } from './features/wizard/wizard-session';

async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  if (!isAllowedHostname(window.location.hostname, configuredHostnames(document))) {
    // The product runs on its own host names only (part 1 §1): not even a prerendered page stays.
    container.replaceChildren();
    console.error('404');
    return;
  }
  const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
  if (!prerendered) {
    const { start } = await import('./app/start');
    await start(container);
    return;
  }
  // A prerendered page reads, scrolls and follows links without the app: it starts at the visitor's first input,
  // which it then handles, or when a part that needs it comes into view; a visit spent reading the first screen
  // costs a phone no script at all (unless the server asks otherwise: a configured analytics service counts every
  // visit).
  // A draw the visitor was making in this tab (a reload mid-wizard) starts the app at once, to show it again.
  const engaged = hasWizardSession() || (startsAtLoad(document) ? inputSeen(window) : await firstUse(window, container));
  try {
    // The app's code runs in several tasks, React first, then the start's stages (its chunks are already preloaded).
    await import('react-dom/client');
    await yieldToBrowser();
    const { start } = await import('./app/start');
    await start(container, { engaged });
  } catch (error) {
    // A chunk that could not be loaded (a lost connection): the page's own controls work again without the app.
    releaseHeldInputs(window);
    throw error;
  }
}

void boot();
