import { PASSWORD_MESSAGES } from '#password-policy';

export { loadPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '#password-policy';

/** The messages of part 1 §5 ("Account step", "Register") and §8; the password's come from libs/password-policy. */
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
} as const;

// Deliberately permissive (RFC 5322 allows far more than most patterns admit); the confirmation e-mail proves it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email.trim());
}

/** How long the links of account e-mails stay valid. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
