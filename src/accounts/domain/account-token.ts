import { createHash, randomBytes } from 'node:crypto';

/** Single-use links sent by e-mail. Only the token's SHA-256 is stored, so a database leak yields no usable link. */
export type AccountTokenPurpose = 'password_reset' | 'email_confirmation';

export function generateAccountToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccountToken(token) };
}

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
