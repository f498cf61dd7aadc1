export type { RandomSource } from './random-source.js';
export { createCryptoSource } from './crypto-source.js';
export { createSeededSource, createSeededKeystream, seedKey } from './seeded-source.js';
export type { KeystreamFill } from './chacha20-keystream.js';
export { createSeedrandomSource } from './seedrandom-source.js';
export { uniformInt, uniformBigInt } from './uniform.js';
export type { BeaconChain, DrandChainInfo, DrandRound, SeedScheme } from './beacon.js';
export {
  BEACON_SCHEME,
  SEED_SCHEMES,
  QUICKNET_INFO,
  chainHashOf,
  chainOf,
  roundTime,
  firstRoundAtOrAfter,
  firstRoundAfter,
  roundMessage,
  verifyRoundSignature,
  randomnessOf,
  beaconSeed,
  beaconKeyPair,
  signRound,
} from './beacon.js';
export type { CertifiedSeed, SeedCheck } from './seed-checks.js';
export { checkSeed } from './seed-checks.js';
export { beaconName, beaconStatement } from './beacon-statement.js';
