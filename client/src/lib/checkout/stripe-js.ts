import type { Stripe } from '@stripe/stripe-js';
// The pure entry: the default one injects js.stripe.com's script on import, on every page.
import { loadStripe } from '@stripe/stripe-js/pure';
import { loadCheckoutScript } from './checkout-script';

/** The card checkout's public settings (site configuration `payments`). */
export interface StripeSettings {
  stripePublishableKey: string;
  stripeJsUrl: string;
}

const instances = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js from the configured URL (Stripe's own in production, a stand-in in tests), loaded once per page with the
 * checkout-script timeout; loadStripe then takes the window.Stripe that script defined. A failed load is forgotten,
 * so that a later call tries again.
 */
export function stripeFor(settings: StripeSettings, timeoutMs: number): Promise<Stripe> {
  const key = `${settings.stripeJsUrl} ${settings.stripePublishableKey}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = loadCheckoutScript(settings.stripeJsUrl, timeoutMs)
      .then(() => loadStripe(settings.stripePublishableKey))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js is not available');
        return stripe;
      });
    instance.catch(() => instances.delete(key));
    instances.set(key, instance);
  }
  return instance;
}

/** Runs the PaymentIntent's next action (the 3-D Secure challenge): null when passed, else Stripe's message. */
export async function authenticateCard(settings: StripeSettings, timeoutMs: number, clientSecret: string): Promise<string | null> {
  const stripe = await stripeFor(settings, timeoutMs);
  const { error } = await stripe.handleNextAction({ clientSecret });
  return error ? (error.message ?? null) : null;
}

export function stripeSettingsOf(payments: { stripePublishableKey: string | null; stripeJsUrl: string | null } | undefined): StripeSettings | null {
  return payments?.stripePublishableKey && payments.stripeJsUrl ? { stripePublishableKey: payments.stripePublishableKey, stripeJsUrl: payments.stripeJsUrl } : null;
}
