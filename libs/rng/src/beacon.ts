/**
 * The public randomness beacon a draw's seed is mixed with (README "The beacon scheme"): drand's unchained BLS
 * scheme on G1, as quicknet runs it. Pure functions over hex strings and Uint8Arrays, so the server, the verify
 * command and the certificate page's in-browser check run this very code.
 */

import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { BEACON_SCHEME, type BeaconChain, type DrandChainInfo, type DrandRound } from './beacon-chains.js';

export { BEACON_SCHEME, QUICKNET_INFO, SEED_SCHEMES } from './beacon-chains.js';
export type { BeaconChain, DrandChainInfo, DrandRound, SeedScheme } from './beacon-chains.js';

/** The hash-to-curve domain separation tag drand uses with that scheme (signatures on G1). */
const SIGNATURE_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/**
 * drand's chain hash (chain.Info.Hash): SHA-256 of the period (uint32) and genesis time (int64), both big-endian, the
 * public key, the group hash, then the beacon id unless it is drand's 'default'. The scheme is not part of it.
 */
export function chainHashOf(info: Omit<DrandChainInfo, 'hash'>): string {
  const times = new Uint8Array(12);
  const view = new DataView(times.buffer);
  view.setUint32(0, info.period);
  view.setBigInt64(4, BigInt(info.genesis_time));
  const parts = [times, hexToBytes(info.public_key), hexToBytes(info.groupHash)];
  if (info.metadata.beaconID && info.metadata.beaconID !== 'default') parts.push(utf8ToBytes(info.metadata.beaconID));
  return bytesToHex(sha256(concatBytes(...parts)));
}

/** The chain a draw records, from its info document. */
export function chainOf(info: DrandChainInfo): BeaconChain {
  return { chainHash: info.hash, publicKey: info.public_key, genesisTime: info.genesis_time, period: info.period, scheme: info.schemeID };
}

/** When a round is published: genesis + (round − 1) × period, in Unix seconds. */
export function roundTime(chain: Pick<BeaconChain, 'genesisTime' | 'period'>, round: number): number {
  return chain.genesisTime + (round - 1) * chain.period;
}

/** A scheduled draw's round: the first whose time is at or after the draw's time (`atMs`, Unix milliseconds). */
export function firstRoundAtOrAfter(chain: Pick<BeaconChain, 'genesisTime' | 'period'>, atMs: number): number {
  const sinceGenesis = atMs - chain.genesisTime * 1000;
  if (sinceGenesis <= 0) return 1;
  return Math.ceil(sinceGenesis / (chain.period * 1000)) + 1;
}

/** An immediate draw's round: the first whose time is after the moment (`atMs`) the request was accepted. */
export function firstRoundAfter(chain: Pick<BeaconChain, 'genesisTime' | 'period'>, atMs: number): number {
  const sinceGenesis = atMs - chain.genesisTime * 1000;
  if (sinceGenesis < 0) return 1;
  return Math.floor(sinceGenesis / (chain.period * 1000)) + 2;
}

/** What the chain signs for a round: SHA-256 of the round number as 8 bytes, big-endian. */
export function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/** True when `signature` is the chain's BLS signature of `round` (false for anything malformed). */
export function verifyRoundSignature(chain: Pick<BeaconChain, 'publicKey' | 'scheme'>, round: number, signature: string): boolean {
  if (chain.scheme !== BEACON_SCHEME || !Number.isSafeInteger(round) || round < 1) return false;
  if (!/^[0-9a-f]{96}$/.test(signature) || !/^[0-9a-f]{192}$/.test(chain.publicKey)) return false;
  try {
    const short = bls12_381.shortSignatures;
    return short.verify(short.Signature.fromHex(signature), short.hash(roundMessage(round), SIGNATURE_DST), publicKeyPoint(chain.publicKey));
  } catch {
    return false;
  }
}

/** Decoded chain keys (a G2 decompression and subgroup check each): a service verifies rounds of one or two chains. */
const publicKeys = new Map<string, ReturnType<typeof bls12_381.G2.Point.fromHex>>();

function publicKeyPoint(publicKey: string): ReturnType<typeof bls12_381.G2.Point.fromHex> {
  let point = publicKeys.get(publicKey);
  if (!point) {
    point = bls12_381.G2.Point.fromHex(publicKey);
    point.assertValidity();
    if (publicKeys.size >= 16) publicKeys.clear();
    publicKeys.set(publicKey, point);
  }
  return point;
}

/** A round's randomness: SHA-256 of its signature's bytes, hex. */
export function randomnessOf(signature: string): string {
  return bytesToHex(sha256(hexToBytes(signature)));
}

/** The engine's seed of a beacon draw: serverSeed ‖ randomness, 64 bytes. */
export function beaconSeed(serverSeed: Uint8Array, randomness: Uint8Array): Uint8Array {
  if (serverSeed.length !== 32 || randomness.length !== 32) throw new RangeError('The server seed and the beacon randomness are 32 bytes each');
  return concatBytes(serverSeed, randomness);
}

/** A BLS key pair of the beacon scheme (public key on G2), for a beacon of one's own. */
export function beaconKeyPair(secretKey: Uint8Array = bls12_381.utils.randomSecretKey()): { secretKey: string; publicKey: string } {
  return { secretKey: bytesToHex(secretKey), publicKey: bytesToHex(bls12_381.shortSignatures.getPublicKey(secretKey).toBytes()) };
}

/** Signs a round as a drand chain of this scheme would (BLS signatures are unique: the same key and round, the same bytes). */
export function signRound(secretKey: string, round: number): DrandRound {
  const short = bls12_381.shortSignatures;
  const signature = bytesToHex(short.sign(short.hash(roundMessage(round), SIGNATURE_DST), hexToBytes(secretKey)).toBytes());
  return { round, randomness: randomnessOf(signature), signature };
}
