import { formatMoney, type SitePrices } from '../../lib/site/currency';

/**
 * The home page's offers, from the server's price settings for the currency in force (the country site's, or the
 * one the visitor chose): one draw, and the packs of 10 and 100 credits.
 */
export function pricingOffers(prices: SitePrices, locale?: string): { single: string; ten: string; hundred: string } {
  return {
    single: formatMoney(prices.drawSingle, prices.currency, locale),
    ten: formatMoney(prices.draw10, prices.currency, locale),
    hundred: formatMoney(prices.draw100, prices.currency, locale),
  };
}
