import { Alert, Loader, Text } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { CHECKOUT_SCRIPT_FAILED } from '../../lib/checkout/checkout-script';
import { type StripeSettings, stripeFor } from '../../lib/checkout/stripe-js';

/** Turns the card typed into Stripe's fields into a PaymentMethod id (the `token` of the spec), or Stripe's message. */
export type CreatePaymentMethod = () => Promise<{ token: string } | { error: string }>;

interface Props {
  settings: StripeSettings;
  timeoutMs: number;
  /** Minor units and the ISO currency: what the Payment Element shows and checks the card against. */
  amount: number;
  currency: string;
  /** Set while the fields are ready: the checkout calls it when the customer pays. */
  creator: RefObject<CreatePaymentMethod | null>;
}

/**
 * Stripe's Payment Element (cards only): the card number, expiry and code are typed into Stripe's own frame and go
 * to Stripe, never to our page or server (PCI SAQ A). The server confirms the PaymentIntent with its own price.
 */
export function StripeCardFields({ settings, timeoutMs, amount, currency, creator }: Props) {
  const [failed, setFailed] = useState(false);
  const stripe = useMemo(() => {
    const loading = stripeFor(settings, timeoutMs);
    loading.catch(() => setFailed(true));
    return loading;
  }, [settings, timeoutMs]);
  const options = useMemo(() => ({ mode: 'payment' as const, amount, currency: currency.toLowerCase(), paymentMethodCreation: 'manual' as const, paymentMethodTypes: ['card'] }), [amount, currency]);
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert">
        {CHECKOUT_SCRIPT_FAILED}
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe} options={options}>
      <PaymentFields creator={creator} />
    </Elements>
  );
}

function PaymentFields({ creator }: { creator: RefObject<CreatePaymentMethod | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !ready) return;
    creator.current = async () => {
      const submitted = await elements.submit();
      if (submitted.error) return { error: submitted.error.message ?? 'Please check your card details.' };
      const { error, paymentMethod } = await stripe.createPaymentMethod({ elements });
      if (error || !paymentMethod) return { error: error?.message ?? 'Please check your card details.' };
      return { token: paymentMethod.id };
    };
    return () => {
      creator.current = null;
    };
  }, [stripe, elements, ready, creator]);

  return (
    <div aria-busy={!ready}>
      {!ready && (
        <Text size="sm" c="gray.8">
          <Loader size="xs" mr="xs" aria-hidden />
          Loading the secure card fields…
        </Text>
      )}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
    </div>
  );
}
