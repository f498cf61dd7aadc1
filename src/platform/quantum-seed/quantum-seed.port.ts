/**
 * Seeds for the free generators from a quantum random number service (part 2 §7: "length 5, hex16, size 16, 4 s
 * timeout, with two local fallbacks; the fallback seed ends in a marker").
 */
export interface QuantumSeedSource {
  /** A fresh seed. The real adapter rejects when the service fails; the offline one answers a local seed. */
  seed(): Promise<IssuedSeed>;
}

export const QUANTUM_SEED_SOURCE = Symbol('QUANTUM_SEED_SOURCE');

type SeedSource = 'quantum' | 'local';

export interface IssuedSeed {
  seed: string;
  source: SeedSource;
}

/** Seeds are this long, marker included (part 2 §9: "seed 4 to 100, default 16"). */
export const SEED_LENGTH = 16;

/**
 * The last character of every seed not made by the quantum service (this server's CSPRNG, or the visitor's browser).
 * Quantum seeds are lower-case hex only, so the two can never be confused.
 */
export const LOCAL_SEED_MARKER = '*';

/** What the service is asked for: five values of type hex16, block size 16. */
export const QUANTUM_REQUEST = { length: 5, type: 'hex16', size: 16 } as const;

/** The service gets 4 s to answer (part 2 §9); then the local fallback answers. */
export const QUANTUM_TIMEOUT_MS = 4000;
