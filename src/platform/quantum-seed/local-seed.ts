import { randomBytes } from 'node:crypto';
import { LOCAL_SEED_MARKER, SEED_LENGTH } from './quantum-seed.port.js';

/** A seed from this server's CSPRNG: 15 random lower-case hex digits and the local marker. */
export function localSeed(): string {
  return (
    randomBytes(8)
      .toString('hex')
      .slice(0, SEED_LENGTH - LOCAL_SEED_MARKER.length) + LOCAL_SEED_MARKER
  );
}
