import { accountNotice } from './account-notice';

describe('home account notices', () => {
  const notice = (query: string, email: string | null = null) => accountNotice(new URLSearchParams(query), email)?.message ?? null;

  it('says nothing without a notice query', () => {
    expect(notice('')).toBeNull();
    expect(notice('pricing=true')).toBeNull();
  });

  it('tells a logout from a logout for inactivity', () => {
    expect(notice('logout=true')).toBe('You have been logged out.');
    expect(notice('logout=inactive')).toBe('You have been logged out because you were inactive for 30 minutes.');
  });

  it('names the address the confirmation link went to', () => {
    expect(notice('registered=true', 'alex@agency.example')).toBe('Account created. We have sent a confirmation link to alex@agency.example.');
    expect(notice('registered=true')).toBe('Account created. We have sent a confirmation link to your e-mail address.');
    expect(notice('registered=confirmed')).toBe('Your e-mail address is confirmed.');
  });
});
