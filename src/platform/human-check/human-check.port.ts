/**
 * The human check (a reCAPTCHA-compatible widget): the client sends the widget's response token, the server asks
 * the provider whether a human produced it.
 */
export interface HumanCheck {
  /** True when the token is valid. A provider that cannot be reached counts as a failed check. */
  verify(responseToken: string | undefined, remoteIp?: string): Promise<boolean>;
}

export const HUMAN_CHECK = Symbol('HUMAN_CHECK');

export const HUMAN_CHECK_INVALID_MESSAGE = 'reCAPTCHA is invalid.';
