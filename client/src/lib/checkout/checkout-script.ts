import type { RouteName } from '../routes';

/**
 * Loading a payment provider's checkout script (Stripe.js, the wallet's button) when its keys are configured
 * (part 1 §9): 1 s on the buy-credits page, where the visitor came to pay and the test checkout or the wallet can
 * take over, 10 s elsewhere. The offline build configures no provider, so nothing calls this yet; see
 * docs/decisions.md "Billing pages (issue 7, client)".
 */
export const CHECKOUT_SCRIPT_TIMEOUT_MS = 10_000;
export const BUY_CREDITS_CHECKOUT_SCRIPT_TIMEOUT_MS = 1_000;

export const CHECKOUT_SCRIPT_FAILED = 'The secure card checkout could not be loaded. Please check your connection and reload the page, or pay with PayPal.';

export function checkoutScriptTimeout(route: RouteName | undefined): number {
  return route === 'buyCredits' ? BUY_CREDITS_CHECKOUT_SCRIPT_TIMEOUT_MS : CHECKOUT_SCRIPT_TIMEOUT_MS;
}

class CheckoutScriptError extends Error {
  constructor(readonly src: string) {
    super(CHECKOUT_SCRIPT_FAILED);
  }
}

/** The little of `document` the loader needs, so that it can be tested without a DOM. */
export interface ScriptHost {
  createElement(tag: 'script'): { src: string; async: boolean; onload: unknown; onerror: unknown; remove(): void };
  head: { appendChild(node: never): unknown };
}

const loading = new Map<string, Promise<void>>();

/**
 * Adds the script once; later callers share the same load. A script that fails or is too slow is removed and
 * forgotten, so a later call (a reload of the page section) tries again; the caller shows CHECKOUT_SCRIPT_FAILED.
 */
export function loadCheckoutScript(src: string, timeoutMs: number, host: ScriptHost = document as unknown as ScriptHost): Promise<void> {
  const pending = loading.get(src);
  if (pending) return pending;
  const load = new Promise<void>((resolve, reject) => {
    const script = host.createElement('script');
    const fail = () => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      script.remove();
      loading.delete(src);
      reject(new CheckoutScriptError(src));
    };
    const timer = setTimeout(fail, timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = fail;
    script.async = true;
    script.src = src;
    host.head.appendChild(script as never);
  });
  loading.set(src, load);
  return load;
}
