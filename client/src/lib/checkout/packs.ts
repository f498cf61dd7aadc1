import type { SitePrices } from '../site/currency';

/** The credit packs on sale (part 1 §9, part 2 §9); the numbers are the wizard's payment options (part 1 §3). */
export const PACK_OPTIONS = [1, 3] as const;
export type PackOption = (typeof PACK_OPTIONS)[number];

export const PACK_CREDITS: Record<PackOption, number> = { 1: 10, 3: 100 };

export interface PackOffer {
  option: PackOption;
  credits: number;
  /** The pack's price, minor units. */
  amount: number;
  /** What one credit costs in the pack, minor units (may have a fraction of a cent). */
  perCredit: number;
  /** Whole percent saved on each draw against paying for single draws; 0 when the pack saves nothing. */
  savingPercent: number;
}

export function packOffer(prices: SitePrices, option: PackOption): PackOffer {
  const credits = PACK_CREDITS[option];
  const amount = option === 1 ? prices.draw10 : prices.draw100;
  const perCredit = amount / credits;
  const saving = prices.drawSingle > 0 ? Math.floor((1 - perCredit / prices.drawSingle) * 100) : 0;
  return { option, credits, amount, perCredit, savingPercent: Math.max(0, saving) };
}

export function isPackOption(value: unknown): value is PackOption {
  return value === 1 || value === 3;
}
