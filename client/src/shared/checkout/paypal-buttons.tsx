import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useMemo } from 'react';

export interface PayPalSettings {
  paypalClientId: string;
  paypalSdkUrl: string;
}

export function paypalSettingsOf(payments: { paypalClientId: string | null; paypalSdkUrl: string | null } | undefined): PayPalSettings | null {
  return payments?.paypalClientId && payments.paypalSdkUrl ? { paypalClientId: payments.paypalClientId, paypalSdkUrl: payments.paypalSdkUrl } : null;
}

interface Props {
  settings: PayPalSettings;
  currency: string;
  disabled?: boolean;
  /** createpayment: the server starts the payment at its own price and answers PayPal's payment id. */
  createPayment(): Promise<string>;
  /** The payer approved on PayPal: the payment id and payer id to execute it with. */
  onApprove(approval: { paymentID: string; payerID: string }): Promise<void>;
  /** The payer closed PayPal's window: nothing was charged. */
  onCancel(): void;
  onError(): void;
}

/**
 * PayPal's own buttons (JS SDK through @paypal/react-paypal-js, loaded from PAYPAL_SDK_URL): PayPal's window approves
 * the payment created by createpayment, and the page stays where it was throughout, wizard state included.
 */
export function PayPalWalletButtons({ settings, currency, disabled, createPayment, onApprove, onCancel, onError }: Props) {
  const options = useMemo(() => ({ clientId: settings.paypalClientId, sdkBaseUrl: settings.paypalSdkUrl, currency, intent: 'capture', components: 'buttons' }), [settings, currency]);
  return (
    <PayPalScriptProvider options={options}>
      <PayPalButtons
        style={{ layout: 'horizontal', label: 'pay', tagline: false }}
        disabled={disabled}
        forceReRender={[currency]}
        createOrder={() => createPayment()}
        onApprove={async (data) => {
          const paymentID = data.paymentID ?? data.orderID;
          if (!data.payerID || !paymentID) return onError();
          await onApprove({ paymentID, payerID: data.payerID });
        }}
        onCancel={() => onCancel()}
        onError={() => onError()}
      />
    </PayPalScriptProvider>
  );
}
