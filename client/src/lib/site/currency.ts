/** The payment currencies the server prices (part 1 §9: au AUD, ca CAD, nz NZD, uk GBP, else USD). */
export const CURRENCIES = ['USD', 'AUD', 'CAD', 'NZD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * The symbol shown beside the code in the currency selector ("A$ AUD"), as English prices write it. Fixed rather
 * than taken from Intl, whose symbol depends on the visitor's locale (AUD is "$" in en-AU): beside a list of
 * dollars it must tell them apart.
 */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: '$', AUD: 'A$', CAD: 'CA$', NZD: 'NZ$', GBP: '£' };

export const CURRENCY_NAMES: Record<Currency, string> = {
  USD: 'US dollar',
  AUD: 'Australian dollar',
  CAD: 'Canadian dollar',
  NZD: 'New Zealand dollar',
  GBP: 'British pound',
};

/**
 * An amount in minor units (cents, pence: the server's price settings, part 1 §3) as money in the visitor's
 * locale. Whole amounts drop the ".00" so prices read like the offers ("A$300"); anything else shows its cents.
 */
export function formatMoney(minorUnits: number, currency: Currency | string, locale?: string): string {
  const major = minorUnits / 100;
  return moneyFormat(currency, locale, Number.isInteger(major)).format(major);
}

// A formatter is slow to make (the first of a page loads the locale's data): each kind is made once.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, locale: string | undefined, whole: boolean): Intl.NumberFormat {
  const key = `${currency} ${locale ?? ''} ${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = whole ? 0 : 2;
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(key, format);
  }
  return format;
}

/** The prices of the site configuration (part 1 §3 "Price settings"): minor units in the currency in force. */
export interface SitePrices {
  currency: string;
  drawSingle: number;
  draw10: number;
  draw100: number;
}
