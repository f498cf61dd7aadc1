/**
 * `#rng` for the browser bundle (vite.config.ts aliases it here): the unbiased integers of libs/rng exactly as the
 * server runs them, and the seeded ChaCha20 stream in plain TypeScript (libs/rng uses node:crypto for it).
 */
export type { RandomSource } from '../../../../../libs/rng/src/random-source';
export { uniformInt, uniformBigInt } from '../../../../../libs/rng/src/uniform';
export { seededSourceFromKey } from './chacha20';
