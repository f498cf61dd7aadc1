import { ACCOUNT_MESSAGES } from '../../../libs/rules/src/index';
import { detailsMessages, loginMessages, newPasswordMessages, passwordChangeMessages, type Registration, registrationMessages } from './account-forms';

const complete: Registration = {
  firstName: 'Alex',
  lastName: 'Doe',
  email: 'alex@agency.example',
  password: 'correct horse battery',
  isAgent: false,
  agentOrganisation: '',
  optedIntoCommunication: false,
  termsAgreed: true,
};

describe('registration rules (same messages as the server)', () => {
  it('accepts a complete form', async () => {
    expect(await registrationMessages(complete)).toEqual({});
  });

  it('names every missing answer at once', async () => {
    expect(await registrationMessages({ ...complete, firstName: ' ', lastName: '', email: 'alex@', password: 'abcd', isAgent: null, termsAgreed: false })).toEqual({
      firstName: ACCOUNT_MESSAGES.incomplete,
      lastName: ACCOUNT_MESSAGES.incomplete,
      email: 'Please enter a valid email address.',
      password: 'Your password must be between 8 and 100 characters long.',
      isAgent: 'Please let us know whether or not you are an agent.',
      termsAgreed: 'You must agree to the Terms and conditions to register an account.',
    });
  });

  it("asks for the agency's name only from agents", async () => {
    expect(await registrationMessages({ ...complete, isAgent: true })).toEqual({ agentOrganisation: "Please enter your agency's name." });
    expect(await registrationMessages({ ...complete, isAgent: true, agentOrganisation: 'Agency' })).toEqual({});
    expect(await registrationMessages({ ...complete, isAgent: false, agentOrganisation: '' })).toEqual({});
  });

  it('applies the length limits', async () => {
    expect((await registrationMessages({ ...complete, password: 'x'.repeat(101) })).password).toBe(ACCOUNT_MESSAGES.password);
    expect((await registrationMessages({ ...complete, password: 'Kq7#vZ2pLm'.repeat(10) })).password).toBeUndefined();
    expect((await registrationMessages({ ...complete, firstName: 'x'.repeat(101) })).firstName).toBe('First name is at most 100 characters.');
  });

  it('checks e-mail addresses like the server', async () => {
    for (const email of ['a@b.co', ' alex@agency.example ', 'first.last+tag@sub.domain.example']) expect((await registrationMessages({ ...complete, email })).email).toBeUndefined();
    for (const email of ['', 'alex', 'alex@agency', 'a b@c.de', 'alex@.example', 'alex@agency..example'])
      expect((await registrationMessages({ ...complete, email })).email).toBe(ACCOUNT_MESSAGES.email);
  });
});

describe('login, password and details rules', () => {
  it('needs an e-mail and some password to log in', async () => {
    expect(loginMessages({ email: 'alex@agency.example', password: 'abc' })).toEqual({});
    expect(loginMessages({ email: '', password: '' })).toEqual({ email: ACCOUNT_MESSAGES.email, password: ACCOUNT_MESSAGES.password });
  });

  it('compares the confirmation with the new password', async () => {
    expect(await newPasswordMessages({ password: 'brand new secret', confirmPassword: 'brand new secret' })).toEqual({});
    expect(await newPasswordMessages({ password: 'brand new secret', confirmPassword: 'brand new secreT' })).toEqual({ confirmPassword: 'The passwords do not match.' });
    expect(await passwordChangeMessages({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
      newPassword: ACCOUNT_MESSAGES.password,
    });
  });

  it("refuses common passwords and ones made of the person's own details, as the server does (libs/password-policy)", async () => {
    expect((await registrationMessages({ ...complete, password: 'password' })).password).toBe(ACCOUNT_MESSAGES.passwordGuessable);
    expect((await registrationMessages({ ...complete, password: 'alex@agency.example' })).password).toBe(ACCOUNT_MESSAGES.passwordGuessable);
    expect((await newPasswordMessages({ password: 'P@ssw0rd1', confirmPassword: 'P@ssw0rd1' })).password).toBe(ACCOUNT_MESSAGES.passwordGuessable);
    const change = { currentPassword: 'old one', newPassword: 'Wolfeschlegel1', confirmPassword: 'Wolfeschlegel1' };
    expect(await passwordChangeMessages(change)).toEqual({});
    expect(await passwordChangeMessages(change, ['ada@example.com', 'Ada', 'Wolfeschlegel'])).toEqual({ newPassword: ACCOUNT_MESSAGES.passwordGuessable });
  });

  it('keeps names and the agency required on the account page', async () => {
    expect(detailsMessages({ firstName: 'Alex', lastName: 'Doe', isAgent: false, agentOrganisation: '' })).toEqual({});
    expect(detailsMessages({ firstName: '', lastName: 'Doe', isAgent: true, agentOrganisation: ' ' })).toEqual({
      firstName: ACCOUNT_MESSAGES.incomplete,
      agentOrganisation: ACCOUNT_MESSAGES.agentOrganisation,
    });
  });
});
