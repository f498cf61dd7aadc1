import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolatedModules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checked against when the e-mail is unknown, so that a login takes as long whether or not the account exists and
 * its timing reveals nothing.
 */
export const UNKNOWN_USER_HASH = await hashPassword('not-a-real-password-for-timing-only');
