/** The one shape of every error response (DESIGN.md "Contracts shared by several modules"). */
export interface ErrorEnvelope {
  message: string;
  /** Field name → messages for that field, for validation errors. */
  modelState?: Record<string, string[]>;
  /** A card payment the bank asks the customer to authenticate (3-D Secure): the PaymentIntent's client secret for Stripe.js. */
  clientSecret?: string;
}

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error has occurred.';
