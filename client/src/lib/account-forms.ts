import { loadPasswordPolicy, passwordProblem } from '../../../libs/password-policy/src/index';
import { ACCOUNT_MESSAGES, AGENCY_MAX_LENGTH, isValidEmail, NAME_MAX_LENGTH } from '../../../libs/rules/src/index';
import { equalsCheck } from '../shared/forms/equals-check';

/** The message for a new password, or undefined: libs/password-policy, as the server applies it (once loaded). */
function newPasswordMessage(password: string, context: readonly string[] = []): string | undefined {
  return passwordProblem(password, context) ?? undefined;
}

export type Messages<Field extends string> = Partial<Record<Field, string>>;

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** null until the visitor answers the yes/no question. */
  isAgent: boolean | null;
  agentOrganisation: string;
  optedIntoCommunication: boolean;
  termsAgreed: boolean;
}

export type RegistrationField = keyof Registration;

function nameMessage(value: string, tooLong: string): string | undefined {
  if (value.trim() === '') return ACCOUNT_MESSAGES.incomplete;
  if (value.length > NAME_MAX_LENGTH) return tooLong;
  return undefined;
}

function agencyMessage(isAgent: boolean | null, agency: string): string | undefined {
  if (isAgent !== true) return undefined;
  if (agency.trim() === '') return ACCOUNT_MESSAGES.agentOrganisation;
  if (agency.length > AGENCY_MAX_LENGTH) return ACCOUNT_MESSAGES.agentOrganisationTooLong;
  return undefined;
}

function withoutEmpty<Field extends string>(messages: Record<Field, string | undefined>): Messages<Field> {
  return Object.fromEntries(Object.entries(messages).filter(([, message]) => message !== undefined)) as Messages<Field>;
}

/** The register form's rules, as RegisterRequestDto applies them. */
export async function registrationMessages(form: Registration): Promise<Messages<RegistrationField>> {
  await loadPasswordPolicy();
  return withoutEmpty<RegistrationField>({
    firstName: nameMessage(form.firstName, ACCOUNT_MESSAGES.firstNameTooLong),
    lastName: nameMessage(form.lastName, ACCOUNT_MESSAGES.lastNameTooLong),
    email: isValidEmail(form.email) ? undefined : ACCOUNT_MESSAGES.email,
    password: newPasswordMessage(form.password, [form.email, form.firstName, form.lastName]),
    isAgent: form.isAgent === null ? ACCOUNT_MESSAGES.isAgent : undefined,
    agentOrganisation: agencyMessage(form.isAgent, form.agentOrganisation),
    optedIntoCommunication: undefined,
    termsAgreed: form.termsAgreed ? undefined : ACCOUNT_MESSAGES.terms,
  });
}

export function loginMessages(form: { email: string; password: string }): Messages<'email' | 'password'> {
  return withoutEmpty<'email' | 'password'>({
    email: isValidEmail(form.email) ? undefined : ACCOUNT_MESSAGES.email,
    // Login checks only that a password was typed: an old password may predate today's length rule.
    password: form.password === '' ? ACCOUNT_MESSAGES.password : undefined,
  });
}

export function emailMessages(form: { email: string }): Messages<'email'> {
  return withoutEmpty<'email'>({ email: isValidEmail(form.email) ? undefined : ACCOUNT_MESSAGES.email });
}

/** A new password and its confirmation (reset password; the change on the account page adds the current one). */
export async function newPasswordMessages(form: { password: string; confirmPassword: string }): Promise<Messages<'password' | 'confirmPassword'>> {
  await loadPasswordPolicy();
  return withoutEmpty<'password' | 'confirmPassword'>({
    password: newPasswordMessage(form.password),
    confirmPassword: equalsCheck(form.confirmPassword, form.password, ACCOUNT_MESSAGES.passwordsDiffer) ?? undefined,
  });
}

export interface Details {
  firstName: string;
  lastName: string;
  isAgent: boolean;
  agentOrganisation: string;
}

export function detailsMessages(form: Details): Messages<keyof Details> {
  return withoutEmpty<keyof Details>({
    firstName: nameMessage(form.firstName, ACCOUNT_MESSAGES.firstNameTooLong),
    lastName: nameMessage(form.lastName, ACCOUNT_MESSAGES.lastNameTooLong),
    isAgent: undefined,
    agentOrganisation: agencyMessage(form.isAgent, form.agentOrganisation),
  });
}

/** `account`: the e-mail and names of the account, which the server also keeps out of a new password. */
export async function passwordChangeMessages(
  form: { currentPassword: string; newPassword: string; confirmPassword: string },
  account: readonly string[] = [],
): Promise<Messages<'currentPassword' | 'newPassword' | 'confirmPassword'>> {
  await loadPasswordPolicy();
  return withoutEmpty<'currentPassword' | 'newPassword' | 'confirmPassword'>({
    currentPassword: form.currentPassword === '' ? ACCOUNT_MESSAGES.currentPasswordWrong : undefined,
    newPassword: newPasswordMessage(form.newPassword, account),
    confirmPassword: equalsCheck(form.confirmPassword, form.newPassword, ACCOUNT_MESSAGES.passwordsDiffer) ?? undefined,
  });
}
