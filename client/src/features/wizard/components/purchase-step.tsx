import { Button, Group, Modal, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandPaypal, IconCreditCard } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCreateWalletPaymentMutation } from '../../../api/billing-api';
import { CHECKOUT_SCRIPT_TIMEOUT_MS } from '../../../lib/checkout/checkout-script';
import { PayPalWalletButtons, paypalSettingsOf } from '../../../shared/checkout/paypal-buttons';
import { type CreatePaymentMethod, StripeCardFields } from '../../../shared/checkout/stripe-card-fields';
import { stripeSettingsOf } from '../../../lib/checkout/stripe-js';
import { WALLET_FAILURE } from '../../../shared/checkout/wallet-checkout';
import { useSiteConfiguration } from '../../../lib/site/use-site-currency';
import { cardMessages, type CardFields, formatCardNumber, formatExpiry, testCardToken } from '../../../lib/checkout/test-card';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { type Currency, formatMoney, type SitePrices } from '../../../lib/site/currency';
import { DRAW_MESSAGES } from '../../../../../libs/rules/src/index';
import { PAYMENT_USE_CREDITS, type PaymentOption } from '../rules';
import { wizardActions } from '../wizard-slice';
import type { BeforeContinue, StepProps } from './step-props';
import { BusyButton } from '../../../shared/busy/busy-button';

/** How the draw will be paid: a card token, or an approved wallet payment; sent with submitdraw, never saved in a draft. */
export type PaymentDetails = { token: string } | { paymentID: string; payerID: string };

/** What happens to the money when the owner cancels a paid draw (docs/decisions.md "Payments (issue 25)"), said before paying. */
const CANCELLED_DRAW_RULE = 'If you cancel the draw before it runs, its credit comes back to your account for another draw; the payment is not refunded.';

const MINOR_UNITS: Record<number, 'drawSingle' | 'draw10' | 'draw100'> = { 0: 'drawSingle', 1: 'draw10', 3: 'draw100' };

/** The payer id the built-in test wallet hands back on approval (docs/decisions.md "Billing (issue 7)"). */
const TEST_WALLET_PAYER = 'TESTPAYER';

function optionsOf(prices: SitePrices | undefined, credits: number) {
  const money = (amount: number | undefined) => (prices && amount !== undefined ? formatMoney(amount, prices.currency) : '…');
  const options: { value: PaymentOption; label: string; amount: string | null }[] = [];
  if (credits > 0) options.push({ value: PAYMENT_USE_CREDITS, label: `Use one of your ${credits} credits`, amount: null });
  options.push({ value: 0, label: 'One draw', amount: money(prices?.drawSingle) });
  options.push({ value: 1, label: 'A pack of 10 draws (this one and 9 credits)', amount: money(prices?.draw10) });
  options.push({ value: 3, label: 'A pack of 100 draws (this one and 99 credits)', amount: money(prices?.draw100) });
  return options;
}

export function PurchaseStep({
  draw,
  dispatch,
  errors,
  prices,
  currency,
  credits,
  beforeContinue,
  onPayment,
}: StepProps & { prices: SitePrices | undefined; currency: Currency | undefined; credits: number; beforeContinue: BeforeContinue; onPayment: (payment: PaymentDetails | null) => void }) {
  const [method, setMethod] = useState<'card' | 'wallet'>('card');
  const [card, setCard] = useState<CardFields>({ cardNumber: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof CardFields, string>>>({});
  const [wallet, setWallet] = useState<{ id: string; approved: boolean; payerID?: string } | null>(null);
  const [walletCancelled, setWalletCancelled] = useState(false);
  const { data: site } = useSiteConfiguration();
  const stripe = useMemo(() => stripeSettingsOf(site?.payments), [site?.payments]);
  const paypal = useMemo(() => paypalSettingsOf(site?.payments), [site?.payments]);
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const [stripeMessage, setStripeMessage] = useState<string | null>(null);
  const [walletMessage, setWalletMessage] = useState<string | null>(null);
  const [optionMessage, setOptionMessage] = useState<string | null>(null);
  const [createPayment, { isLoading: creating }] = useCreateWalletPaymentMutation();
  const options = optionsOf(prices, credits);
  const option = draw.paymentOption;
  const paying = option !== null && option !== PAYMENT_USE_CREDITS;
  // The wallet sells packs only (POST /api/paypal/createpayment takes 1 or 3): a single draw is paid by card.
  const walletAllowed = option === 1 || option === 3;
  const chosenMethod = walletAllowed ? method : 'card';
  const amount = options.find((o) => o.value === option)?.amount;
  const minorAmount = prices && option !== null && MINOR_UNITS[option] ? prices[MINOR_UNITS[option]] : undefined;

  useEffect(() => {
    beforeContinue.current = async () => {
      if (option === null || !options.some((o) => o.value === option)) {
        setOptionMessage(DRAW_MESSAGES.paymentOption);
        return false;
      }
      if (option === PAYMENT_USE_CREDITS) {
        onPayment(null);
        return true;
      }
      if (chosenMethod === 'wallet') {
        if (!wallet?.approved) {
          setWalletMessage('Please approve the PayPal payment first.');
          return false;
        }
        onPayment({ paymentID: wallet.id, payerID: wallet.payerID ?? TEST_WALLET_PAYER });
        return true;
      }
      if (stripe) {
        setStripeMessage(null);
        const created = createPaymentMethod.current ? await createPaymentMethod.current() : { error: 'The secure card fields are still loading.' };
        if ('error' in created) {
          setStripeMessage(created.error);
          return false;
        }
        onPayment({ token: created.token });
        return true;
      }
      const problems = cardMessages(card, new Date());
      setCardErrors(problems);
      if (Object.keys(problems).length) return false;
      onPayment({ token: testCardToken(card.cardNumber) });
      return true;
    };
    return () => {
      beforeContinue.current = null;
    };
  });

  const startWallet = async () => {
    if (!currency || !walletAllowed) return;
    setWalletMessage(null);
    try {
      const { id } = await createPayment({ createWalletPaymentRequestDto: { paymentOption: option, currency } }).unwrap();
      setWallet({ id, approved: false });
    } catch (error) {
      setWalletMessage(formErrorsOf(error, []).form);
    }
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label="How would you like to pay for this draw?"
        required
        value={option === null ? '' : String(option)}
        onChange={(value) => {
          setOptionMessage(null);
          setWallet(null);
          dispatch(wizardActions.paymentOptionChosen(Number(value) as PaymentOption));
        }}
        error={optionMessage ?? errors.paymentOption}
      >
        <Stack gap="xs" mt="xs">
          {options.map((o) => (
            <Radio key={o.value} value={String(o.value)} label={o.amount ? `${o.label}: ${o.amount}` : o.label} />
          ))}
        </Stack>
      </Radio.Group>
      {paying && (
        <Stack gap="sm">
          {walletAllowed && (
            <SegmentedControl
              aria-label="Payment method"
              value={chosenMethod}
              onChange={(value) => setMethod(value as 'card' | 'wallet')}
              data={[
                { value: 'card', label: 'Card' },
                { value: 'wallet', label: 'PayPal' },
              ]}
            />
          )}
          {chosenMethod === 'card' && stripe ? (
            <Stack gap="sm">
              {minorAmount !== undefined && currency && (
                <StripeCardFields settings={stripe} timeoutMs={CHECKOUT_SCRIPT_TIMEOUT_MS} amount={minorAmount} currency={currency} creator={createPaymentMethod} />
              )}
              {stripeMessage && <FormMessage>{stripeMessage}</FormMessage>}
              <Text size="sm" c="gray.8">
                Your card details go straight to Stripe, our payment provider. The card is charged {amount ?? ''} when you confirm the draw. {CANCELLED_DRAW_RULE}
              </Text>
            </Stack>
          ) : chosenMethod === 'card' ? (
            <Stack gap="sm">
              <TextInput
                label="Card number"
                autoComplete="cc-number"
                inputMode="numeric"
                placeholder="1234 1234 1234 1234"
                required
                leftSection={<IconCreditCard size={18} aria-hidden />}
                value={card.cardNumber}
                onChange={(event) => setCard({ ...card, cardNumber: formatCardNumber(event.currentTarget.value) })}
                error={cardErrors.cardNumber}
              />
              <Group grow align="flex-start">
                <TextInput
                  label="Expiry date"
                  description="MM / YY"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  required
                  value={card.expiry}
                  onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.currentTarget.value, card.expiry) })}
                  error={cardErrors.expiry}
                />
                <TextInput
                  label="Security code"
                  description="3 or 4 digits"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  required
                  maxLength={4}
                  value={card.cvc}
                  onChange={(event) => setCard({ ...card, cvc: event.currentTarget.value.replace(/\D/g, '').slice(0, 4) })}
                  error={cardErrors.cvc}
                />
              </Group>
              <Text size="sm" c="gray.8">
                Test checkout: no money moves. Stripe’s test card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. The card is charged {amount ?? ''} when you confirm the draw.{' '}
                {CANCELLED_DRAW_RULE}
              </Text>
            </Stack>
          ) : (
            <Stack gap="sm">
              {wallet?.approved ? (
                <FormMessage kind="info">PayPal payment approved: it is taken when you confirm the draw.</FormMessage>
              ) : paypal && currency && (option === 1 || option === 3) ? (
                <PayPalWalletButtons
                  settings={paypal}
                  currency={currency}
                  createPayment={async () => {
                    setWalletMessage(null);
                    setWalletCancelled(false);
                    return (await createPayment({ createWalletPaymentRequestDto: { paymentOption: option === 3 ? 3 : 1, currency } }).unwrap()).id;
                  }}
                  onApprove={async ({ paymentID, payerID }) => setWallet({ id: paymentID, payerID, approved: true })}
                  onCancel={() => setWalletCancelled(true)}
                  onError={() => setWalletMessage(WALLET_FAILURE)}
                />
              ) : (
                <BusyButton onClick={startWallet} loading={creating} disabled={!currency} leftSection={<IconBrandPaypal size={18} aria-hidden />} w="fit-content">
                  {`Approve ${amount ?? ''} with PayPal`}
                </BusyButton>
              )}
              {walletMessage && <FormMessage>{walletMessage}</FormMessage>}
              {walletCancelled && <FormMessage kind="info">You cancelled the PayPal payment. Nothing was charged.</FormMessage>}
              <Text size="sm" c="gray.8">
                {CANCELLED_DRAW_RULE}
              </Text>
            </Stack>
          )}
        </Stack>
      )}
      <Modal opened={wallet !== null && !wallet.approved} onClose={() => setWallet(null)} title="Approve your PayPal payment" centered>
        <Stack gap="md">
          <Text>
            Pay <strong>{amount}</strong> to FairDraw?
          </Text>
          <Text size="sm" c="gray.8">
            This is FairDraw’s test wallet: no money moves.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setWallet(null)}>
              Cancel
            </Button>
            <Button onClick={() => setWallet((current) => (current ? { ...current, approved: true } : current))} data-autofocus>
              Approve
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
