/**
 * The refusals a use case can answer with, free of any web framework: application/ and domain/ throw these, and the
 * error envelope filter (src/platform/http) maps each kind to its HTTP status once. The message is the customer's
 * text; modelState, when present, names the request fields it belongs to.
 */
export type ModelState = Record<string, string[]>;

export type ApplicationErrorKind = 'rule-broken' | 'not-signed-in' | 'payment-required' | 'not-allowed' | 'not-found' | 'conflict' | 'too-large' | 'unsupported-media' | 'unavailable';

export abstract class ApplicationError extends Error {
  abstract readonly kind: ApplicationErrorKind;

  constructor(
    message: string,
    readonly modelState?: ModelState,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request breaks a rule (400); modelState names the fields. */
export class RuleBrokenError extends ApplicationError {
  readonly kind = 'rule-broken';
}

/** The caller must sign in, or the credentials are wrong (401). */
export class NotSignedInError extends ApplicationError {
  readonly kind = 'not-signed-in';
}

/** A payment was declined, or the bank asks the customer to authenticate with the client secret (402). */
export class PaymentRequiredError extends ApplicationError {
  readonly kind = 'payment-required';

  constructor(
    message: string,
    readonly clientSecret?: string,
  ) {
    super(message);
  }
}

/** The caller is known but may not do this (403). */
export class NotAllowedError extends ApplicationError {
  readonly kind = 'not-allowed';
}

/** No such thing, or not the caller's: the same answer for both, so ids cannot be probed (404). */
export class NotFoundError extends ApplicationError {
  readonly kind = 'not-found';
}

/** The thing is in a state that does not allow this, or the value is taken (409). */
export class ConflictError extends ApplicationError {
  readonly kind = 'conflict';
}

/** The body or file is over its limit (413). */
export class TooLargeError extends ApplicationError {
  readonly kind = 'too-large';
}

/** The body or file is not of a type this accepts (415). */
export class UnsupportedMediaError extends ApplicationError {
  readonly kind = 'unsupported-media';
}

/** A service this needs is down for now; trying again later may work (503). */
export class UnavailableError extends ApplicationError {
  readonly kind = 'unavailable';
}

/** A refusal of a rule on one field: its message, and the same message under the field. */
export function ruleBroken(field: string, message: string): RuleBrokenError {
  return new RuleBrokenError(message, { [field]: [message] });
}
