import { useSyncExternalStore } from 'react';

// Values the build's prerendering cannot know, read so that a prerendered page still hydrates.

/** The page's host name; empty in the build's prerendering, which has no page. */
export function pageHostname(): string {
  return typeof window === 'undefined' ? '' : window.location.hostname;
}

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
