/**
 * One date format per country site (issue 27): each site writes dates as its country does, through the site, the
 * PDFs and every other human-readable place. The client and the server both apply it, so it lives here once.
 * Intl (the platform's CLDR data) knows each country's conventions: day-month-year in Australia, New Zealand and the
 * United Kingdom, month-day-year in the United States and (in English) Canada; a 12-hour clock except in the UK.
 */

/** The country sites' codes (part 1 §1) and the locale whose conventions each site writes dates in. */
export const DATE_LOCALES = {
  us: 'en-US',
  au: 'en-AU',
  ca: 'en-CA',
  nz: 'en-NZ',
  uk: 'en-GB',
} as const;

export type DateCountry = keyof typeof DATE_LOCALES;

/** The locale of a country site; anything else is the default site's (the United States). */
export function dateLocaleOf(country: string | undefined): string {
  return Object.keys(DATE_LOCALES).includes(country ?? '') ? DATE_LOCALES[country as DateCountry] : DATE_LOCALES.us;
}

type Moment = Date | string | number;

/** Whether Intl knows the zone (an IANA name such as Australia/Sydney, or UTC). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A time zone Intl knows, else UTC: a draw stored before the server checked its zone may carry anything. */
export function knownTimeZone(zone: string | undefined): string {
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(country: string | undefined, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocaleOf(country);
  const zone = knownTimeZone(timeZone);
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

/** A calendar day: "26 Nov 2026" (au, nz, uk), "Nov 26, 2026" (us, ca). */
export function formatDate(moment: Moment, country: string | undefined, timeZone = 'UTC'): string {
  return formatter(country, timeZone, { dateStyle: 'medium' }).format(new Date(moment));
}

/**
 * A moment: "26 Nov 2026, 7:00 pm" (au, nz), "26 Nov 2026, 19:00" (uk), "Nov 26, 2026, 7:00 PM" (us). With seconds
 * for the moment a draw was drawn. The caller shows the time zone beside it.
 */
export function formatDateTime(moment: Moment, country: string | undefined, timeZone = 'UTC', { seconds = false }: { seconds?: boolean } = {}): string {
  return formatter(country, timeZone, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' }).format(new Date(moment));
}

// Canada's IANA zones (the tz database's zone.tab for CA); every other America/ zone is the United States' or
// another country's, whose dates the default site's format serves.
const CANADIAN_ZONES = new Set(
  'St_Johns Halifax Glace_Bay Moncton Goose_Bay Toronto Iqaluit Winnipeg Resolute Rankin_Inlet Regina Swift_Current Edmonton Cambridge_Bay Inuvik Dawson_Creek Fort_Nelson Whitehorse Dawson Vancouver Atikokan Blanc-Sablon Creston Nipigon Thunder_Bay Rainy_River Yellowknife Pangnirtung'
    .split(' ')
    .map((city) => `America/${city}`),
);

/**
 * The country site whose format a document of a draw uses when no visitor's site is known (the certificate PDF, the
 * same bytes for every reader): the country of the draw's own time zone, else the default site.
 */
export function dateCountryOfTimeZone(zone: string | undefined): DateCountry {
  if (!zone) return 'us';
  if (zone.startsWith('Australia/') || zone === 'Antarctica/Macquarie') return 'au';
  if (zone === 'Pacific/Auckland' || zone === 'Pacific/Chatham' || zone === 'NZ') return 'nz';
  if (zone === 'Europe/London' || zone === 'GB' || zone === 'Europe/Belfast') return 'uk';
  if (CANADIAN_ZONES.has(zone) || zone.startsWith('Canada/')) return 'ca';
  return 'us';
}
