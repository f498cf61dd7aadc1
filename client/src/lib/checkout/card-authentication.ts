/**
 * Strong customer authentication (3-D Secure) around one purchase request. The server answers 402 with the
 * PaymentIntent's client secret when the bank asks the customer to authenticate; the checkout runs Stripe.js's
 * handleNextAction with it, then sends the SAME request again (same idempotency key), which the server completes
 * from the PaymentIntent's new state: the purchase happens exactly once, or not at all with Stripe's message.
 */
/** The server's answer (409) while the card payment is still being processed (Stripe's `processing`): not settled. */
export const PAYMENT_PROCESSING = 'Your payment is still being processed. We will e-mail you when it completes; your credits appear then.';

export const AUTHENTICATION_ABANDONED = 'The payment was not confirmed with your bank. Nothing was charged; please try again.';

/** The client secret of a "needs authentication" answer, if the failed call is one. */
export function clientSecretOf(error: unknown): string | undefined {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : undefined;
  const secret = typeof data === 'object' && data !== null && 'clientSecret' in data ? (data as { clientSecret: unknown }).clientSecret : undefined;
  return typeof secret === 'string' && secret ? secret : undefined;
}

/** A refusal shaped like the server's (status 402, `{message}`), so that forms show it as they show a decline. */
function declined(message: string): { status: 402; data: { message: string } } {
  return { status: 402, data: { message } };
}

/**
 * Sends the request; when it needs authentication, authenticates (answering Stripe's error message, or null when the
 * challenge was passed) and sends it once more. A second "needs authentication" means the challenge was abandoned.
 */
export async function withCardAuthentication<T>(send: () => Promise<T>, authenticate: (clientSecret: string) => Promise<string | null>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const clientSecret = clientSecretOf(error);
    if (!clientSecret) throw error;
    const failure = await authenticate(clientSecret);
    try {
      return await send();
    } catch (second) {
      if (clientSecretOf(second)) throw declined(failure ?? AUTHENTICATION_ABANDONED);
      throw second;
    }
  }
}
