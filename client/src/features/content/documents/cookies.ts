import type { ContentDocument } from '../content-document';

export interface CookieRow {
  name: string;
  kind: 'Necessary' | 'Preference' | 'Analytics (only when enabled)';
  purpose: string;
  lasts: string;
}

/** Every cookie and browser storage entry the site sets. */
export const cookieRows: CookieRow[] = [
  {
    name: 'fairdraw.sid',
    kind: 'Necessary',
    purpose: 'Keeps you logged in. HttpOnly, SameSite=Strict, Secure on https; it holds a random id, never your details.',
    lasts: '7 days, or until you log out',
  },
  { name: 'currency', kind: 'Preference', purpose: 'The payment currency you picked in the header. The country links in the footer delete it.', lasts: '1 year' },
  { name: 'screenshare', kind: 'Preference', purpose: 'Your screen-share mode settings: on or off, what to show, the clock and its time zone.', lasts: '1 year' },
  { name: 'listconfig', kind: 'Preference', purpose: 'The filters, sorting and page size of your draws list.', lasts: '1 year' },
  {
    name: 'fairdraw.lastActivity (local storage)',
    kind: 'Necessary',
    purpose: 'Shares your last activity between tabs so an idle session is not logged out while you work in another tab.',
    lasts: 'Until you clear site data',
  },
  { name: 'Client session id (session storage)', kind: 'Necessary', purpose: 'A random id per browser tab so files you upload before logging in stay yours.', lasts: 'Until the tab is closed' },
  { name: '_ga, _ga_* ', kind: 'Analytics (only when enabled)', purpose: 'Google Analytics counts visits and pages anonymously, on the sites where it is switched on.', lasts: 'Up to 2 years' },
];

export const cookiesDocument: ContentDocument = {
  title: 'Cookie policy',
  lead: 'FairDraw sets as few cookies as it can. This page lists every one, what it is for and how long it lasts.',
  updated: '2026-11-20',
  sections: [
    {
      heading: 'What we do not do',
      paragraphs: [
        'We do not sell data, we do not set advertising cookies of our own, and our cookies never contain your name, e-mail address or entrants’ data. Preference cookies stay in your browser; the server reads only the session cookie and, to show prices, the currency.',
      ],
    },
    {
      heading: 'Services of other companies',
      paragraphs: [
        'Some services load only where they are switched on, and then set their own cookies: Google reCAPTCHA on forms that need a human check (to tell people from bots), Stripe and PayPal during payment, Google Analytics for anonymous visit counts and a chat widget for support. None of them loads on the public certificate pages, and the chat widget never loads there or in the admin area.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can delete or block cookies in your browser settings. Without the session cookie you cannot stay logged in; without the preference cookies the site simply uses its defaults. Questions about cookies are welcome through the contact page.',
      ],
    },
  ],
};
