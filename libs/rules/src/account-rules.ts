import { PASSWORD_MESSAGES } from '../../password-policy/src/index.js';

/**
 * The account forms' messages (part 1 §5 "Account step" and "Register", §8) and limits: the page checks what it can
 * before sending, the server checks everything; the password's rule and words are libs/password-policy's.
 */
export const ACCOUNT_MESSAGES = {
  password: PASSWORD_MESSAGES.length,
  passwordGuessable: PASSWORD_MESSAGES.guessable,
  email: 'Please enter a valid email address.',
  isAgent: 'Please let us know whether or not you are an agent.',
  agentOrganisation: "Please enter your agency's name.",
  terms: 'You must agree to the Terms and conditions to register an account.',
  incomplete: 'Please complete all of the above fields.',
  alreadyRegistered: 'Already registered.',
  wrongCredentials: 'The e-mail address or password is incorrect.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  confirmationTokenInvalid: 'This confirmation link is invalid or has expired.',
  currentPasswordWrong: 'Your current password is incorrect.',
  apiNotEnabled: 'API access is not enabled for your account. Please contact us to enable it.',
  customerNotFound: 'Customer not found.',
  emailUnchanged: 'This is already the customer’s e-mail address.',
  emailTaken: 'An account with this email address already exists.',
  firstNameTooLong: 'First name is at most 100 characters.',
  lastNameTooLong: 'Last name is at most 100 characters.',
  agentOrganisationTooLong: "The agency's name is at most 200 characters.",
  // Not in the spec: the equals check of a password confirmation needs words of its own.
  passwordsDiffer: 'The passwords do not match.',
} as const;

export const NAME_MAX_LENGTH = 100;
export const AGENCY_MAX_LENGTH = 200;
/** RFC 5321's longest address. */
export const EMAIL_MAX_LENGTH = 254;

// Deliberately permissive (RFC 5322 allows far more than most patterns admit); the confirmation e-mail proves it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email.trim());
}
