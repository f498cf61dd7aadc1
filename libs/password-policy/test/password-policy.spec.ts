import { loadPasswordPolicy, PASSWORD_MESSAGES, passwordProblem } from '../src/index.js';

describe('password policy (NIST SP 800-63B, zxcvbn)', () => {
  beforeAll(() => loadPasswordPolicy());

  it('asks for 8 to 100 characters, counted as Unicode code points', () => {
    expect(passwordProblem('Kq7#vZ2')).toBe(PASSWORD_MESSAGES.length);
    expect(passwordProblem('x'.repeat(101))).toBe(PASSWORD_MESSAGES.length);
    // Four emoji are 8 UTF-16 units but 4 characters.
    expect(passwordProblem('🎲🎲🎲🎲')).toBe(PASSWORD_MESSAGES.length);
    expect(passwordProblem('xk9#mQ2p')).toBeNull();
  });

  it.each(['password', 'password1', 'Password123!', 'P@ssw0rd', '12345678', 'qwertyuiop', 'iloveyou', 'abcdefgh', 'monkey123', 'aaaaaaaaaa', 'Sydney2026'])(
    'refuses the common or easily guessed %p',
    (password) => {
      expect(passwordProblem(password)).toBe(PASSWORD_MESSAGES.guessable);
    },
  );

  it.each(['correct horse battery', 'blue-lamp-river', 'Tr0ub4dor&3', 'xk9#mQ2p', 'another secret phrase'])('accepts %p', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  it("refuses passwords built from the site's name or the person's own details", () => {
    expect(passwordProblem('fairdraw2024')).toBe(PASSWORD_MESSAGES.guessable);
    expect(passwordProblem('alex.doe@example.com', ['alex.doe@example.com'])).toBe(PASSWORD_MESSAGES.guessable);
    expect(passwordProblem('Wolfeschlegel1', ['Wolfeschlegel'])).toBe(PASSWORD_MESSAGES.guessable);
    expect(passwordProblem('Wolfeschlegel1')).toBeNull();
  });
});
