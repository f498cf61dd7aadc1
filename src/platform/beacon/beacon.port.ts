import type { BeaconChain, DrandChainInfo, DrandRound } from '#rng';

/** A chain as a draw records it: whether it is independent of FairDraw (drand) or the service's own beacon. */
export interface BeaconDescriptor extends BeaconChain {
  independent: boolean;
}

/** A round fetched and verified: its signature checks against the chain's key and its randomness is SHA-256 of it. */
export interface VerifiedRound {
  round: number;
  randomness: string;
  signature: string;
}

/** The round cannot be had now (not yet published, relays unreachable, or nothing served verifies): try again later. */
export class BeaconUnavailableError extends Error {}

/** A randomness beacon of the scheme libs/rng defines (README "The beacon scheme"). */
export interface RandomBeacon {
  /** The chain new draws fix their rounds on. */
  chain(): Promise<BeaconDescriptor>;
  /** Round `round` of `chain`, verified against that chain's key; throws BeaconUnavailableError. */
  round(chain: BeaconDescriptor, round: number): Promise<VerifiedRound>;
}

/** The service's own beacon also serves its chain info and rounds publicly, in drand's JSON shapes. */
export interface LocalRandomBeacon extends RandomBeacon {
  info(): Promise<DrandChainInfo>;
  /** The round as drand serves it, or null while its time has not come. */
  published(round: number): Promise<DrandRound | null>;
  /** The last round whose time has come. */
  latest(): Promise<DrandRound>;
}

export const RANDOM_BEACON = Symbol('RANDOM_BEACON');
export const DRAND_BEACON = Symbol('DRAND_BEACON');
export const LOCAL_BEACON = Symbol('LOCAL_BEACON');
