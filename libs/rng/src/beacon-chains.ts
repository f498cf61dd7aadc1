/**
 * The beacon scheme's names and the chains known in advance: constants only, so a page that only states a
 * certificate's beacon does not load the pairing code (beacon.ts).
 */

/** drand's name of the only scheme accepted: BLS12-381, signatures on G1, messages hashed per RFC 9380. */
export const BEACON_SCHEME = 'bls-unchained-g1-rfc9380';

/** How a draw's seed is made (`seedScheme`). */
export const SEED_SCHEMES = {
  /** Draws made before the beacon: a 32-byte seed, committed to by its SHA-256, is the engine's seed. */
  committedSeed: 'seed/1',
  /** seed = serverSeed ‖ beacon randomness (64 bytes); only SHA-256(serverSeed) is published before the draw. */
  beacon: 'beacon/1',
} as const;
export type SeedScheme = (typeof SEED_SCHEMES)[keyof typeof SEED_SCHEMES];

/** A beacon chain as a draw records it. Times are Unix seconds. */
export interface BeaconChain {
  chainHash: string;
  /** The chain's BLS public key (G2, compressed), hex. */
  publicKey: string;
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
  scheme: string;
}

/** A chain's `/info` document as drand serves it. */
export interface DrandChainInfo {
  public_key: string;
  period: number;
  genesis_time: number;
  hash: string;
  groupHash: string;
  schemeID: string;
  metadata: { beaconID: string };
}

/** A round as drand serves it (`/public/{round}`). */
export interface DrandRound {
  round: number;
  randomness: string;
  signature: string;
}

/**
 * drand quicknet, the League of Entropy's 3-second unchained chain. Its hash is computed from the rest
 * (`chainHashOf`), so this copy of the public key cannot differ from the one every drand relay serves under that hash.
 */
export const QUICKNET_INFO: DrandChainInfo = {
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  period: 3,
  genesis_time: 1692803367,
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  groupHash: 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e',
  schemeID: BEACON_SCHEME,
  metadata: { beaconID: 'quicknet' },
};
