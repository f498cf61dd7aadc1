import { randomnessOf, verifyRoundSignature } from '#rng';
import type { BeaconDescriptor, VerifiedRound } from './beacon.port.js';

/**
 * Why a served round document is refused for `round` of `chain`, or null when it is that round, signed by the chain's
 * key, with randomness = SHA-256(signature). Every adapter accepts a round only through this.
 */
export function roundRefusal(chain: Pick<BeaconDescriptor, 'publicKey' | 'scheme'>, round: number, served: unknown): string | null {
  if (typeof served !== 'object' || served === null) return 'the answer is not a round';
  const { round: servedRound, randomness, signature } = served as Record<string, unknown>;
  if (servedRound !== round) return `the answer is round ${String(servedRound)}, not ${round}`;
  if (typeof signature !== 'string' || !verifyRoundSignature(chain, round, signature)) return "the signature does not verify against the chain's public key";
  if (randomness !== randomnessOf(signature)) return 'the randomness is not SHA-256 of the signature';
  return null;
}

export function verifiedRound(served: unknown): VerifiedRound {
  const { round, randomness, signature } = served as VerifiedRound;
  return { round, randomness, signature };
}
