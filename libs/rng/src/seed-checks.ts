import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { beaconSeed, QUICKNET_INFO, randomnessOf, roundTime, SEED_SCHEMES, type SeedScheme, verifyRoundSignature } from './beacon.js';
import { beaconName } from './beacon-statement.js';

/** One named step of a verification, as `npm run verify` prints it and the certificate page shows it. */
export interface SeedCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** What a certificate states about its seed (GET /api/certificate/{shortCode}); certificates older than the beacon lack the scheme. */
export interface CertifiedSeed {
  seedScheme?: SeedScheme | string;
  seedHash: string;
  serverSeed?: string | null;
  seed: string | null;
  /** The draw's time (ISO): its beacon round may not come before it. */
  scheduleDate: string;
  beacon?: {
    chainHash: string;
    publicKey: string;
    genesisTime: number;
    period: number;
    scheme: string;
    round: number;
    independent: boolean;
    randomness: string | null;
    signature: string | null;
  } | null;
}

const HEX_32 = /^[0-9a-f]{64}$/;

/**
 * docs/verification.md's seed checks, in its order, for either scheme: `beacon/1` — SHA-256(serverSeed) = seedHash, the
 * round's time at or after the draw's time, the round's signature against the chain's key, randomness = SHA-256
 * (signature); `seed/1` — SHA-256(seed) = seedHash. Answers the checks and the engine's seed (null when none can be
 * made). `given` overrides what the certificate reveals (a verifier's own copy of the server seed or seed).
 */
export function checkSeed(cert: CertifiedSeed, given: { serverSeed?: string; seed?: string } = {}): { checks: SeedCheck[]; seed: Uint8Array | null } {
  const scheme = cert.seedScheme ?? SEED_SCHEMES.committedSeed;
  if (scheme === SEED_SCHEMES.committedSeed) return checkCommittedSeed(cert, (given.seed ?? cert.seed ?? '').trim().toLowerCase());
  if (scheme !== SEED_SCHEMES.beacon) return { checks: [{ name: 'Seed scheme', ok: false, detail: `Unknown seed scheme ${scheme}` }], seed: null };
  const checks: SeedCheck[] = [];
  const beacon = cert.beacon;
  if (!beacon) return { checks: [{ name: 'Seed scheme', ok: false, detail: 'A beacon/1 draw must name its beacon round.' }], seed: null };
  checks.push({ name: 'Seed scheme', ok: true, detail: `beacon/1: the seed is the server seed followed by the randomness of round ${beacon.round} of ${beaconName(beacon)}` });

  const serverSeed = (given.serverSeed ?? cert.serverSeed ?? '').trim().toLowerCase();
  if (!HEX_32.test(serverSeed))
    return { checks: [...checks, { name: 'Server seed', ok: false, detail: 'The server seed (64 hexadecimal characters) is revealed once the draw is done.' }], seed: null };
  const commitment = bytesToHex(sha256(hexToBytes(serverSeed)));
  checks.push({
    name: 'Server seed commitment',
    ok: commitment === cert.seedHash,
    detail: `SHA-256 of the server seed is ${commitment}; the commitment published before the draw is ${cert.seedHash}`,
  });

  const roundAt = roundTime(beacon, beacon.round) * 1000;
  const drawAt = Date.parse(cert.scheduleDate);
  checks.push({
    name: 'Beacon round time',
    ok: Number.isFinite(drawAt) && roundAt >= drawAt,
    detail: `Round ${beacon.round} came at ${new Date(roundAt).toISOString()}; the draw's time was ${cert.scheduleDate}`,
  });
  checks.push(chainKeyCheck(beacon));

  const signature = (beacon.signature ?? '').trim().toLowerCase();
  const signed = verifyRoundSignature(beacon, beacon.round, signature);
  checks.push({
    name: 'Beacon signature',
    ok: signed,
    detail: signed ? `The signature of round ${beacon.round} verifies against the chain's public key` : `The signature does not verify as round ${beacon.round} of this chain`,
  });
  if (!signed) return { checks, seed: null };
  const randomness = randomnessOf(signature);
  checks.push({ name: 'Beacon randomness', ok: randomness === beacon.randomness, detail: `SHA-256 of the signature is ${randomness}; the certificate states ${beacon.randomness ?? 'none'}` });

  const seed = beaconSeed(hexToBytes(serverSeed), hexToBytes(randomness));
  if (cert.seed) checks.push(revealedSeedCheck(cert.seed, bytesToHex(seed)));
  return { checks, seed };
}

function checkCommittedSeed(cert: CertifiedSeed, seedHex: string): { checks: SeedCheck[]; seed: Uint8Array | null } {
  const scheme: SeedCheck = { name: 'Seed scheme', ok: true, detail: 'seed/1: a 32-byte seed committed to before the draw (draws made before the beacon)' };
  if (!HEX_32.test(seedHex)) return { checks: [scheme, { name: 'Seed', ok: false, detail: 'The seed must be 64 hexadecimal characters.' }], seed: null };
  const seed = hexToBytes(seedHex);
  const commitment = bytesToHex(sha256(seed));
  const checks = [scheme, { name: 'Seed commitment', ok: commitment === cert.seedHash, detail: `SHA-256 of the seed is ${commitment}; the certificate's commitment is ${cert.seedHash}` }];
  if (cert.seed) checks.push(revealedSeedCheck(cert.seed, seedHex));
  return { checks, seed };
}

function revealedSeedCheck(revealed: string, computed: string): SeedCheck {
  const ok = revealed === computed;
  return { name: 'Revealed seed', ok, detail: ok ? 'The seed is the one the certificate reveals' : `The certificate reveals ${revealed}` };
}

/** quicknet's key is known (and its chain hash is computed from it); the service's own beacon is said to be its own. */
function chainKeyCheck(beacon: NonNullable<CertifiedSeed['beacon']>): SeedCheck {
  if (beacon.chainHash === QUICKNET_INFO.hash) {
    const ok = beacon.publicKey === QUICKNET_INFO.public_key && beacon.genesisTime === QUICKNET_INFO.genesis_time && beacon.period === QUICKNET_INFO.period;
    return {
      name: 'Beacon chain',
      ok,
      detail: ok
        ? `drand quicknet (League of Entropy): the same key is served by every drand relay at /${beacon.chainHash}/info`
        : "The chain is named quicknet but its key, genesis or period are not quicknet's",
    };
  }
  if (!beacon.independent) {
    return { name: 'Beacon chain', ok: true, detail: `FairDraw's own beacon (chain ${beacon.chainHash}), not independent of FairDraw: its key is published at /api/beacon/info` };
  }
  return { name: 'Beacon chain', ok: true, detail: `drand chain ${beacon.chainHash}: check that its relays serve this public key at /${beacon.chainHash}/info` };
}
