import { useSyncExternalStore } from 'react';

// Values the build's prerendering cannot know, read so that a prerendered page still hydrates.

/** The host name of the request a server render is for (renderedFor); empty in the build's prerendering. */
let renderedHostname = '';

/**
 * Sets the host name pageHostname answers during a server render, made synchronously by `render`: the home page of a
 * country host (au.fairdraw.com) renders on request with that host's country, as the browser then does.
 */
export function renderedFor<T>(hostname: string, render: () => T): T {
  renderedHostname = hostname;
  try {
    return render();
  } finally {
    renderedHostname = '';
  }
}

/** The page's host name; on the server the request's (renderedFor), empty in the build's prerendering. */
export function pageHostname(): string {
  return typeof window === 'undefined' ? renderedHostname : window.location.hostname;
}

/** The locale a server render formats numbers in: what the browser's hydration renders with before its own. */
const RENDERED_NUMBER_LOCALE = 'en-US';

/**
 * The locale numbers are formatted in: the visitor's (undefined, Intl's default); while a page rendered on the server
 * hydrates, and on the server, RENDERED_NUMBER_LOCALE, so the markup matches, then at once the visitor's.
 */
export function useNumberLocale(): string | undefined {
  return useSyncExternalStore(subscribe, visitorLocale, renderedNumberLocale);
}
const visitorLocale = () => undefined;
const renderedNumberLocale = () => RENDERED_NUMBER_LOCALE;

const subscribe = () => () => {};

/**
 * The page's host name, for markup that differs between hosts the build cannot know (the footer's country links).
 * While a prerendered page hydrates React renders with the prerendering's value (''), so the markup matches, then
 * at once with the real host name.
 */
export function useHostname(): string {
  return useSyncExternalStore(subscribe, pageHostname, () => '');
}

const currentYear = () => new Date().getFullYear();
// Out of a Vite build (unit tests) there is no build year: the current one.
const buildYear = () => (typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : currentYear());

/** The current year; while a prerendered page hydrates, the build's year its markup shows. */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribe, currentYear, buildYear);
}
