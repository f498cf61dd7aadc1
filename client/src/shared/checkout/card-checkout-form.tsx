import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { type FormEvent, useRef } from 'react';
import { purchaseOutcomeOf, type PurchaseOutcome, useBuyCreditsMutation } from '../../api/billing-api';
import { FormMessage } from '../forms/components/form-message';
import { formErrorsOf } from '../forms/server-errors';
import { useForm } from '../forms/use-form';
import type { Currency } from '../../lib/site/currency';
import type { PackOption } from '../../lib/checkout/packs';
import { attemptFingerprint, attemptFor, attemptSettledBy, type PurchaseAttempt } from '../../lib/checkout/purchase-attempt';
import { cardMessages, formatCardNumber, formatExpiry, testCardToken } from '../../lib/checkout/test-card';
import { BusyButton } from '../busy/busy-button';

const FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

export interface CheckoutProps {
  paymentOption: PackOption;
  currency: Currency | undefined;
  /** "Pay A$300", or undefined while the prices load. */
  amountLabel: string | undefined;
  onPaid(outcome: PurchaseOutcome, transactionId: string): void;
}

/**
 * The built-in test checkout (no card provider keys configured): card number, expiry and security code. The number
 * becomes one of Stripe's test tokens here and only the token is sent, with the attempt's idempotency key.
 */
export function CardCheckoutForm({ paymentOption, currency, amountLabel, onPaid }: CheckoutProps) {
  const [buyCredits, { isLoading }] = useBuyCreditsMutation();
  const { values, setField, errors, showErrors, clearErrors, formRef } = useForm({ cardNumber: '', expiry: '', cvc: '' });
  const attempt = useRef<PurchaseAttempt | null>(null);
  // A second click lands before React re-renders the busy button: the ref refuses it at once.
  const sending = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || !currency) return;
    const fields = cardMessages(values, new Date());
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    clearErrors();
    const current = attemptFor(attempt.current, attemptFingerprint(paymentOption, currency));
    attempt.current = current;
    sending.current = true;
    try {
      const response = await buyCredits({
        buyCreditsRequestDto: { paymentOption, currency, token: testCardToken(values.cardNumber), idempotencyKey: current.id },
      }).unwrap();
      attempt.current = null;
      onPaid(purchaseOutcomeOf(response), current.id);
    } catch (error) {
      if (attemptSettledBy(error)) attempt.current = null;
      // The card details stay as typed: a decline or a lost connection costs the visitor nothing to retry.
      showErrors(formErrorsOf(error, FIELDS));
    } finally {
      sending.current = false;
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Pay by card">
      <Stack gap="md">
        <TextInput
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          required
          leftSection={<IconCreditCard size={18} aria-hidden />}
          value={values.cardNumber}
          onChange={(event) => setField('cardNumber', formatCardNumber(event.currentTarget.value))}
          error={errors.fields.cardNumber}
        />
        <Group grow align="flex-start" gap="md">
          <TextInput
            label="Expiry date"
            description="MM / YY"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
            required
            value={values.expiry}
            onChange={(event) => setField('expiry', formatExpiry(event.currentTarget.value, values.expiry))}
            error={errors.fields.expiry}
          />
          <TextInput
            label="Security code"
            description="3 or 4 digits"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="CVC"
            required
            maxLength={4}
            value={values.cvc}
            onChange={(event) => setField('cvc', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            error={errors.fields.cvc}
          />
        </Group>
        {errors.form && <FormMessage>{errors.form}</FormMessage>}
        <BusyButton type="submit" size="md" loading={isLoading} disabled={!amountLabel} leftSection={<IconLock size={18} aria-hidden />}>
          {amountLabel ? `Pay ${amountLabel}` : 'Pay'}
        </BusyButton>
        <Text size="sm" c="gray.8">
          Test checkout: no money moves. Use Stripe’s test card 4242 4242 4242 4242 with any future expiry date and any security code; 4000 0000 0000 0002 is declined.
        </Text>
      </Stack>
    </form>
  );
}
