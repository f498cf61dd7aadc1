import type { SitePrices } from '../../lib/site/currency';

/**
 * What tracking reads of a purchase (part 1 §3 "Draw purchase as read by tracking"). paymentOption: 1 ten draws,
 * 2 prepaid (paid with credits), 3 hundred draws, anything else one draw.
 */
export interface TrackedPurchase {
  paymentOption: number;
  isBuyCreditsOnly: boolean;
  demoDraw: boolean;
  entryMethod?: string;
}

/** The value reported for a purchase, minor units: prepaid and demo draws are worth zero (part 1 §9). */
export function purchaseValue(purchase: TrackedPurchase, prices: SitePrices): number {
  if (purchase.demoDraw || purchase.paymentOption === 2) return 0;
  if (purchase.paymentOption === 1) return prices.draw10;
  if (purchase.paymentOption === 3) return prices.draw100;
  return prices.drawSingle;
}

/** The analytics event of a purchase; the transaction id is made on the client (part 1 §9). */
export function purchaseEvent(purchase: TrackedPurchase, prices: SitePrices, transactionId: string): Record<string, string | number | boolean> {
  return {
    transactionId,
    // Analytics services take money in major units.
    value: purchaseValue(purchase, prices) / 100,
    currency: prices.currency,
    paymentOption: purchase.paymentOption,
    isBuyCreditsOnly: purchase.isBuyCreditsOnly,
    demoDraw: purchase.demoDraw,
    ...(purchase.entryMethod ? { entryMethod: purchase.entryMethod } : {}),
  };
}

const TRACKING_RETRY_INTERVAL_MS = 100;
const TRACKING_RETRY_LIMIT_MS = 5000;

export interface RetryClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

const realClock: RetryClock = {
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Sends one tracking call, retrying every 100 ms for up to 5 s while it throws (an analytics script still loading
 * throws until it is ready; part 1 §9). A failure is only logged (§8): tracking never stands in a purchase's way.
 * Resolves whether the call got through.
 */
export async function trackWithRetry(send: () => void, clock: RetryClock = realClock): Promise<boolean> {
  const started = clock.now();
  for (;;) {
    try {
      send();
      return true;
    } catch (error) {
      if (clock.now() - started + TRACKING_RETRY_INTERVAL_MS > TRACKING_RETRY_LIMIT_MS) {
        console.warn('Tracking failed:', error);
        return false;
      }
      await clock.wait(TRACKING_RETRY_INTERVAL_MS);
    }
  }
}
