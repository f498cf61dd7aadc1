import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconBrandPaypal } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { purchaseOutcomeOf, useBuyCreditsMutation, useCreateWalletPaymentMutation, useExecuteWalletPaymentMutation } from '../../api/billing-api';
import { FormMessage } from '../forms/components/form-message';
import { PACK_CREDITS } from '../../lib/checkout/packs';
import type { CheckoutProps } from './card-checkout-form';
import { PayPalWalletButtons, type PayPalSettings } from './paypal-buttons';
import { BusyButton } from '../busy/busy-button';

/** Part 1 §8 "Wallet failure alert". */
export const WALLET_FAILURE = 'Something went wrong while processing your PayPal transaction. Please contact support.';

/** The payer id the built-in test wallet hands back on approval (docs/decisions.md "Billing (issue 7)"). */
const TEST_WALLET_PAYER = 'TESTPAYER';

/** The server's message when it gave one (its wallet failure is the alert above), else the alert. */
function walletMessageOf(error: unknown): string {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : undefined;
  const message = typeof data === 'object' && data !== null && 'message' in data ? (data as { message: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : WALLET_FAILURE;
}

/**
 * Paying with the wallet: the server starts a payment at its own price (createpayment), the payer approves it, and
 * buycredits executes it with the payment and payer ids. Offline the approval is the built-in test wallet's
 * dialog; a real provider's approval page is a later step (docs/decisions.md).
 */
export function WalletCheckout({ paymentOption, currency, amountLabel, onPaid, paypal }: CheckoutProps & { paypal: PayPalSettings | null }) {
  const [createPayment, { isLoading: creating }] = useCreateWalletPaymentMutation();
  const [buyCredits, { isLoading: executing }] = useBuyCreditsMutation();
  const [executePayment] = useExecuteWalletPaymentMutation();
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // One transaction id for the whole wallet purchase, made when it starts.
  const transactionId = useRef<string | null>(null);
  const busy = useRef(false);

  const start = async () => {
    if (busy.current || !currency) return;
    busy.current = true;
    setFailure(null);
    setCancelled(false);
    try {
      const { id } = await createPayment({ createWalletPaymentRequestDto: { paymentOption, currency } }).unwrap();
      transactionId.current = crypto.randomUUID();
      setPaymentId(id);
    } catch (error) {
      setFailure(walletMessageOf(error));
    } finally {
      busy.current = false;
    }
  };

  const approve = async () => {
    if (busy.current || !paymentId || !currency) return;
    busy.current = true;
    try {
      const response = await buyCredits({ buyCreditsRequestDto: { paymentOption, currency, paymentID: paymentId, payerID: TEST_WALLET_PAYER } }).unwrap();
      setPaymentId(null);
      onPaid(purchaseOutcomeOf(response), transactionId.current ?? crypto.randomUUID());
    } catch (error) {
      setPaymentId(null);
      setFailure(walletMessageOf(error));
    } finally {
      busy.current = false;
    }
  };

  const cancel = () => {
    if (executing) return;
    setPaymentId(null);
    setCancelled(true);
  };

  if (paypal && currency) {
    // PayPal's window approves the payment createpayment started; executepayment (PaymentID, PayerID) takes it once.
    return (
      <Stack gap="md">
        <Text c="gray.8">You approve the payment with PayPal, then come straight back here with your credits.</Text>
        {failure && <FormMessage>{failure}</FormMessage>}
        {cancelled && <FormMessage kind="info">You cancelled the PayPal payment. Nothing was charged.</FormMessage>}
        <PayPalWalletButtons
          settings={paypal}
          currency={currency}
          disabled={!amountLabel}
          createPayment={async () => {
            setFailure(null);
            setCancelled(false);
            transactionId.current = crypto.randomUUID();
            return (await createPayment({ createWalletPaymentRequestDto: { paymentOption, currency } }).unwrap()).id;
          }}
          onApprove={async ({ paymentID, payerID }) => {
            try {
              const response = await executePayment({ executeWalletPaymentRequestDto: { PaymentID: paymentID, PayerID: payerID } }).unwrap();
              onPaid(purchaseOutcomeOf(response), transactionId.current ?? crypto.randomUUID());
            } catch (error) {
              setFailure(walletMessageOf(error));
            }
          }}
          onCancel={() => setCancelled(true)}
          onError={() => setFailure(WALLET_FAILURE)}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text c="gray.8">You approve the payment with PayPal, then come straight back here with your credits.</Text>
      {failure && <FormMessage>{failure}</FormMessage>}
      {cancelled && <FormMessage kind="info">You cancelled the PayPal payment. Nothing was charged.</FormMessage>}
      <BusyButton size="md" onClick={start} loading={creating} disabled={!amountLabel} leftSection={<IconBrandPaypal size={18} aria-hidden />}>
        {amountLabel ? `Pay ${amountLabel} with PayPal` : 'Pay with PayPal'}
      </BusyButton>
      <Modal opened={paymentId !== null} onClose={cancel} title="Approve your PayPal payment" centered closeOnClickOutside={false} closeOnEscape={!executing} withCloseButton={!executing}>
        <Stack gap="md">
          <Text>
            Pay <strong>{amountLabel}</strong> to FairDraw for {PACK_CREDITS[paymentOption]} draw credits?
          </Text>
          <Text size="sm" c="gray.8">
            This is FairDraw’s test wallet: no money moves.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={executing}>
              Cancel
            </Button>
            <BusyButton onClick={approve} loading={executing} data-autofocus>
              Approve
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
