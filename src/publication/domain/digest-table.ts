import { DIGEST_BYTES } from './entry-digest.js';

/**
 * The digests of every entry row with its entries, made into sorted, distinct digests with summed entries: what
 * is stored. Sorted so that the database appends to its index rather than writing all over it. A counting sort on
 * the first two bytes (digests are uniform), then insertion sort inside each small bucket.
 */
export function sortAndMerge(digests: Uint8Array, entries: Float64Array, count: number): { digests: Buffer; entries: Float64Array; count: number } {
  const BUCKETS = 1 << 16;
  const offsets = new Uint32Array(BUCKETS + 1);
  for (let i = 0; i < count; i++) offsets[((digests[i * DIGEST_BYTES] << 8) | digests[i * DIGEST_BYTES + 1]) + 1]++;
  for (let b = 0; b < BUCKETS; b++) offsets[b + 1] += offsets[b];
  const order = new Uint32Array(count);
  const fill = offsets.slice(0, BUCKETS);
  for (let i = 0; i < count; i++) order[fill[(digests[i * DIGEST_BYTES] << 8) | digests[i * DIGEST_BYTES + 1]]++] = i;
  const source = Buffer.from(digests.buffer, digests.byteOffset, count * DIGEST_BYTES);
  const less = (a: number, b: number) => source.compare(source, b * DIGEST_BYTES, (b + 1) * DIGEST_BYTES, a * DIGEST_BYTES, (a + 1) * DIGEST_BYTES) < 0;
  for (let b = 0; b < BUCKETS; b++) {
    const from = offsets[b];
    const to = offsets[b + 1];
    for (let i = from + 1; i < to; i++) {
      const item = order[i];
      let j = i - 1;
      while (j >= from && less(item, order[j])) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = item;
    }
  }
  const outDigests = Buffer.alloc(count * DIGEST_BYTES);
  const outEntries = new Float64Array(count);
  let n = 0;
  for (let k = 0; k < count; k++) {
    const i = order[k];
    if (n > 0 && source.compare(outDigests, (n - 1) * DIGEST_BYTES, n * DIGEST_BYTES, i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES) === 0) {
      outEntries[n - 1] += entries[i];
      continue;
    }
    source.copy(outDigests, n * DIGEST_BYTES, i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES);
    outEntries[n++] = entries[i];
  }
  return { digests: outDigests.subarray(0, n * DIGEST_BYTES), entries: outEntries.subarray(0, n), count: n };
}
