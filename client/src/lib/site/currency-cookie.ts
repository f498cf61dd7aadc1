import Cookies from 'js-cookie';
import { type Currency, isCurrency } from './currency';

/** The visitor's chosen payment currency (part 1 §2 "currency selector"); the country site's currency without it. */
const CURRENCY_COOKIE = 'currency';

export function readCurrencyCookie(): Currency | null {
  // A store made outside a page (unit tests run without a DOM) has no cookies to read.
  if (typeof document === 'undefined') return null;
  const value = Cookies.get(CURRENCY_COOKIE);
  return isCurrency(value) ? value : null;
}

/** Path / with strict same-site, secure on https (part 1 §9 "Cookie path / with secure and strict same-site"). */
export function writeCurrencyCookie(currency: Currency): void {
  Cookies.set(CURRENCY_COOKIE, currency, {
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    expires: 365,
  });
}

/**
 * Forgets the choice before the visitor moves to another country site, which starts from its own currency
 * (part 1 §2). The cookie is removed here at once and, as part 1 §7 asks, through the server's cookie script path.
 * The page is being left (the country links load the other site), so that call is a keepalive fetch, which
 * outlives the navigation, rather than a call through the store, which would die with the page.
 */
export function forgetCurrencyChoice(): void {
  Cookies.remove(CURRENCY_COOKIE, { path: '/' });
  const query = new URLSearchParams({ delete: CURRENCY_COOKIE, ts: String(Date.now()) });
  void fetch(`/api/site/deleteCookie?${query.toString()}`, { credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}
