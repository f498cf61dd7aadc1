import type { CountryCode } from '../../app/countries';

/** The advertised price of one certified draw per country site (part 1 §9 "Current offers for one draw"). */
export const SINGLE_DRAW_OFFERS: Record<CountryCode, { amount: number; currency: string }> = {
  us: { amount: 40, currency: 'USD' },
  uk: { amount: 30, currency: 'GBP' },
  au: { amount: 50, currency: 'AUD' },
  ca: { amount: 50, currency: 'CAD' },
  nz: { amount: 50, currency: 'NZD' },
};

export function formatOffer(country: CountryCode, locale?: string): string {
  const { amount, currency } = SINGLE_DRAW_OFFERS[country];
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}
