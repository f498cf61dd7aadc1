/**
 * How a customer pays, as one value (issue 28): a card token from Stripe.js, or a wallet payment (PayPal) the
 * customer approved. The draws module hands it to billing whole; it never looks inside.
 */
export type PaymentChoice = { method: 'card'; token: string } | { method: 'wallet'; paymentId: string; payerId: string };

export const CHOOSE_PAYMENT_MESSAGE = 'Please choose how to pay.';

/** The choice a request's payment fields make: an approved wallet payment before a card token; null when neither was sent. */
export function paymentChoiceOf(fields: { token?: string; paymentID?: string; payerID?: string }): PaymentChoice | null {
  if (fields.paymentID && fields.payerID) return { method: 'wallet', paymentId: fields.paymentID, payerId: fields.payerID };
  if (fields.token) return { method: 'card', token: fields.token };
  return null;
}
