/** Payment currencies by country site (part 1 §9); `uk` is the GB site. */
export const CURRENCIES = ['USD', 'AUD', 'CAD', 'NZD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Amounts in minor units (cents), as the spec's price settings hold them. */
export interface PriceSettings {
  currency: Currency;
  drawSingle: number;
  draw10: number;
  draw100: number;
}

/** Payment options of the wizard and of buycredits (part 1 §3): 0 single, 1 ten-pack, 2 credits, 3 hundred-pack, 4 demo. */
export enum PaymentOption {
  Single = 0,
  TenPack = 1,
  UseCredits = 2,
  HundredPack = 3,
  Demo = 4,
}

/** What each paid option buys: the credits it adds (a single draw buys one, spent at once) and its price field. */
export const PURCHASES = {
  [PaymentOption.Single]: { credits: 1, description: 'One certified draw', price: 'drawSingle' },
  [PaymentOption.TenPack]: { credits: 10, description: 'Pack of 10 draw credits', price: 'draw10' },
  [PaymentOption.HundredPack]: { credits: 100, description: 'Pack of 100 draw credits', price: 'draw100' },
} as const satisfies Record<number, { credits: number; description: string; price: keyof Omit<PriceSettings, 'currency'> }>;

export type PaidOption = keyof typeof PURCHASES;

export function isPaidOption(option: number): option is PaidOption {
  return option in PURCHASES;
}

export function purchaseOf(option: PaidOption, prices: PriceSettings): { amount: number; credits: number; description: string } {
  const purchase = PURCHASES[option];
  return { amount: prices[purchase.price], credits: purchase.credits, description: purchase.description };
}

/** Bought credits last two years; trial credits one month (part 2 §4). */
export const PURCHASED_CREDITS_VALID_MONTHS = 24;
export const TRIAL_CREDITS_VALID_MONTHS = 1;

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

export function formatMinor(amount: number, currency: Currency): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);
}
