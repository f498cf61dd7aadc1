import { useCallback } from 'react';
import { useSiteConfiguration } from './use-site-currency';

/** The alert of part 1 §8 when the human check cannot be done. */
const HUMAN_CHECK_FAILED = 'An error occurred. Please try again.';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

/** Loads the widget's script once; the spec's timeouts: 1 s on the account page, 5 s elsewhere. */
function loadWidget(siteKey: string, timeoutMs: number): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    const timer = window.setTimeout(() => reject(new Error('The human check did not load in time')), timeoutMs);
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.grecaptcha) window.grecaptcha.ready(() => resolve(window.grecaptcha!));
      else reject(new Error('The human check did not start'));
    };
    script.onerror = () => reject(new Error('The human check could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The token of the human check for a request (recaptchaResponse). Only production runs the widget (part 1 §5): with
 * no site key, or elsewhere, there is nothing to send and the server's offline check passes. Throws
 * HUMAN_CHECK_FAILED when the widget cannot be loaded or answered.
 */
export function useHumanCheck(): (action: string) => Promise<string | undefined> {
  const { data: site } = useSiteConfiguration();
  return useCallback(
    async (action: string) => {
      if (!site || site.environment !== 'production' || !site.recaptchaSiteKey) return undefined;
      try {
        const widget = await loadWidget(site.recaptchaSiteKey, window.location.pathname.includes('/account/') ? 1000 : 5000);
        return await widget.execute(site.recaptchaSiteKey, { action });
      } catch {
        throw new Error(HUMAN_CHECK_FAILED);
      }
    },
    [site],
  );
}
