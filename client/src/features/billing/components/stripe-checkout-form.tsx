import { Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { purchaseOutcomeOf, useBuyCreditsMutation } from '../../../api/billing-api';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { withCardAuthentication } from '../../../lib/checkout/card-authentication';
import { attemptFingerprint, attemptFor, attemptSettledBy, type PurchaseAttempt } from '../../../lib/checkout/purchase-attempt';
import { authenticateCard, type StripeSettings } from '../../../lib/checkout/stripe-js';
import type { CheckoutProps } from '../../../shared/checkout/card-checkout-form';
import { type CreatePaymentMethod, StripeCardFields } from '../../../shared/checkout/stripe-card-fields';
import { BusyButton } from '../../../shared/busy/busy-button';

/**
 * Buying credits by card through Stripe: the Payment Element makes a PaymentMethod, buycredits charges it at the
 * server's price under the attempt's idempotency key, and a 3-D Secure challenge is run and the same request sent again.
 */
export function StripeCheckoutForm({
  settings,
  timeoutMs,
  amount,
  paymentOption,
  currency,
  amountLabel,
  onPaid,
}: CheckoutProps & { settings: StripeSettings; timeoutMs: number; amount: number | undefined }) {
  const [buyCredits] = useBuyCreditsMutation();
  const creator = useRef<CreatePaymentMethod | null>(null);
  const attempt = useRef<PurchaseAttempt | null>(null);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || !currency || !creator.current) return;
    sending.current = true;
    setBusy(true);
    setMessage(null);
    try {
      const created = await creator.current();
      if ('error' in created) {
        setMessage(created.error);
        return;
      }
      const current = attemptFor(attempt.current, attemptFingerprint(paymentOption, currency));
      attempt.current = current;
      const request = { buyCreditsRequestDto: { paymentOption, currency, token: created.token, idempotencyKey: current.id } };
      try {
        const response = await withCardAuthentication(
          () => buyCredits(request).unwrap(),
          (clientSecret) => authenticateCard(settings, timeoutMs, clientSecret),
        );
        attempt.current = null;
        onPaid(purchaseOutcomeOf(response), current.id);
      } catch (error) {
        if (attemptSettledBy(error)) attempt.current = null;
        setMessage(formErrorsOf(error, []).form);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Pay by card">
      <Stack gap="md">
        {amount !== undefined && currency && <StripeCardFields settings={settings} timeoutMs={timeoutMs} amount={amount} currency={currency} creator={creator} />}
        {message && <FormMessage>{message}</FormMessage>}
        <BusyButton type="submit" size="md" loading={busy} disabled={!amountLabel} leftSection={<IconLock size={18} aria-hidden />}>
          {amountLabel ? `Pay ${amountLabel}` : 'Pay'}
        </BusyButton>
        <Text size="sm" c="gray.8">
          Your card details go straight to Stripe, our payment provider; FairDraw never sees them.
        </Text>
      </Stack>
    </form>
  );
}
