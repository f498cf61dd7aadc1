import { isSafeLocalPath } from '../../lib/routes';

/**
 * Where login sends a user (part 1 §6, §8): the ReturnUrl when it is a path on this site, else the draws list.
 * Beyond `isSafeLocalPath`, the value is resolved the way the browser will resolve it: browsers drop tabs and
 * newlines from URLs and read `\` as `/`, so `/\t/evil.example` would become `//evil.example`, and the router
 * falls back to a full page load when history refuses a URL of another origin.
 */
export function destinationAfterLogin(returnUrl: string | null, fallback: string, origin: string, log: (...data: unknown[]) => void = console.error): string {
  if (returnUrl === null || returnUrl === '') return fallback;
  const safe = safeLocalPath(returnUrl, origin);
  if (safe === null) {
    log('Bad ReturnUrl:', returnUrl);
    return fallback;
  }
  return safe;
}

function safeLocalPath(value: string, origin: string): string | null {
  // Control characters and backslashes have no business in a path this site builds.
  if (!isSafeLocalPath(value) || hasControlOrBackslash(value)) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    // Dot segments resolve away: `/.//evil.example` is `//evil.example`, another host to the router and the browser.
    const path = url.pathname + url.search + url.hash;
    return isSafeLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}

function hasControlOrBackslash(value: string): boolean {
  return [...value].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f || character === '\\';
  });
}
