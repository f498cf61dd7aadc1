import { Button, Group, Modal, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandPaypal, IconCreditCard } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCreateWalletPaymentMutation } from '../../../api/billing-api';
import { cardMessages, type CardFields, formatCardNumber, formatExpiry, testCardToken } from '../../billing/test-card';
import { FormMessage } from '../../forms/components/form-message';
import { formErrorsOf } from '../../forms/server-errors';
import { type Currency, formatMoney, type SitePrices } from '../../site/currency';
import { PAYMENT_USE_CREDITS, type PaymentOption, WIZARD_MESSAGES } from '../rules';
import { wizardActions } from '../wizard-slice';
import type { BeforeContinue, StepProps } from './step-props';

/** How the draw will be paid: a card token, or an approved wallet payment; sent with submitdraw, never saved in a draft. */
export type PaymentDetails = { token: string } | { paymentID: string; payerID: string };

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
  const [wallet, setWallet] = useState<{ id: string; approved: boolean } | null>(null);
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

  useEffect(() => {
    beforeContinue.current = async () => {
      if (option === null || !options.some((o) => o.value === option)) {
        setOptionMessage(WIZARD_MESSAGES.paymentOption);
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
        onPayment({ paymentID: wallet.id, payerID: TEST_WALLET_PAYER });
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
          {chosenMethod === 'card' ? (
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
                Test checkout: no money moves. Stripe’s test card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. The card is
                charged {amount ?? ''} when you confirm the draw.
              </Text>
            </Stack>
          ) : (
            <Stack gap="sm">
              {wallet?.approved ? (
                <FormMessage kind="info">PayPal payment approved: it is taken when you confirm the draw.</FormMessage>
              ) : (
                <Button onClick={startWallet} loading={creating} disabled={!currency} leftSection={<IconBrandPaypal size={18} aria-hidden />} w="fit-content">
                  {`Approve ${amount ?? ''} with PayPal`}
                </Button>
              )}
              {walletMessage && <FormMessage>{walletMessage}</FormMessage>}
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
