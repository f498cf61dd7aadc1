/**
 * The second local fallback for seeds: when the server cannot be reached, the page makes one with the browser's
 * CSPRNG. Like the server's fallback it is 15 lower-case hex digits and the local marker (quantum seeds are hex
 * only), so a seed always says whether it came from the quantum service.
 */
export const LOCAL_SEED_MARKER = '*';
export const SEED_LENGTH = 16;

export function browserSeed(fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(8);
  fill(bytes);
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.slice(0, SEED_LENGTH - LOCAL_SEED_MARKER.length) + LOCAL_SEED_MARKER;
}

export function isLocalSeed(seed: string): boolean {
  return seed.endsWith(LOCAL_SEED_MARKER);
}
