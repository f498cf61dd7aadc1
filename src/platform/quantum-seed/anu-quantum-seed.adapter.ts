import { QUANTUM_REQUEST, QUANTUM_TIMEOUT_MS, SEED_LENGTH, type IssuedSeed, type QuantumSeedSource } from './quantum-seed.port.js';

export class QuantumSeedUnavailableError extends Error {}

const HEX = /^[0-9a-f]+$/i;

/**
 * The JSON API of ANU's quantum random numbers service (and services that copy it):
 *   GET <url>?length=5&type=hex16&size=16   (header x-api-key when a key is configured)
 *   200 {"success": true, "data": ["<hex>", "<hex>", "<hex>", "<hex>", "<hex>"], ...}
 * The seed is the first 16 hex digits of the values taken in order, in lower case. Anything else (an error status,
 * `success` not true, a value that is not hex, fewer than 16 digits, no answer within the timeout) is a failure.
 */
export class AnuQuantumSeed implements QuantumSeedSource {
  constructor(
    private readonly url: string,
    private readonly apiKey?: string,
    private readonly timeoutMs = QUANTUM_TIMEOUT_MS,
  ) {}

  async seed(): Promise<IssuedSeed> {
    const url = new URL(this.url);
    url.searchParams.set('length', String(QUANTUM_REQUEST.length));
    url.searchParams.set('type', QUANTUM_REQUEST.type);
    url.searchParams.set('size', String(QUANTUM_REQUEST.size));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    let body: unknown;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) {
        await response.body?.cancel();
        throw new QuantumSeedUnavailableError(`the service answered ${response.status}`);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof QuantumSeedUnavailableError) throw error;
      // By name, not instanceof: fetch's DOMException may come from another realm.
      const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
      const reason = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${this.timeoutMs} ms` : String(error);
      throw new QuantumSeedUnavailableError(reason);
    }
    return { seed: seedFrom(body), source: 'quantum' };
  }
}

function seedFrom(body: unknown): string {
  const answer = body as { success?: unknown; data?: unknown } | null;
  if (typeof answer !== 'object' || answer === null || answer.success !== true) throw new QuantumSeedUnavailableError('the answer is not a success');
  const data = answer.data;
  if (!Array.isArray(data) || data.length === 0 || !data.every((value) => typeof value === 'string' && HEX.test(value))) {
    throw new QuantumSeedUnavailableError('the answer does not hold hex values');
  }
  const digits = data.join('').toLowerCase();
  if (digits.length < SEED_LENGTH) throw new QuantumSeedUnavailableError(`the answer holds ${digits.length} hex digits, fewer than ${SEED_LENGTH}`);
  return digits.slice(0, SEED_LENGTH);
}
