import { DIGEST_BYTES } from './entry-digest.js';

/** Leading bits of a digest that pick its bucket: about 6 digests per bucket for 6.3 million rows. */
const BUCKET_BITS = 20;
const WORDS = DIGEST_BYTES / 4;

/**
 * The digests of every entry row with its entries, made into sorted, distinct digests with summed entries: what
 * is stored. Sorted so that the database appends to its index rather than writing all over it. Each digest is read
 * as four big-endian 32-bit words (numbers compare without a call). Digests are uniform, so a counting sort on the
 * first 20 bits moves them into buckets of a few, side by side in memory, which insertion then puts in order:
 * every step but the one scatter reads memory in sequence (random reads made this 10 times slower).
 */
export function sortAndMerge(digests: Uint8Array, entries: Float64Array, count: number): { digests: Buffer; entries: Float64Array; count: number } {
  const view = new DataView(digests.buffer, digests.byteOffset, count * DIGEST_BYTES);
  const buckets = 1 << BUCKET_BITS;
  const shift = 32 - BUCKET_BITS;
  const offsets = new Uint32Array(buckets + 1);
  for (let i = 0; i < count; i++) offsets[(view.getUint32(i * DIGEST_BYTES, false) >>> shift) + 1]++;
  for (let b = 0; b < buckets; b++) offsets[b + 1] += offsets[b];
  const words = new Uint32Array(count * WORDS);
  const sums = new Float64Array(count);
  const fill = offsets.slice(0, buckets);
  for (let i = 0; i < count; i++) {
    const first = view.getUint32(i * DIGEST_BYTES, false);
    const to = fill[first >>> shift]++;
    words[to * WORDS] = first;
    for (let w = 1; w < WORDS; w++) words[to * WORDS + w] = view.getUint32(i * DIGEST_BYTES + w * 4, false);
    sums[to] = entries[i];
  }
  const key = new Uint32Array(WORDS);
  for (let b = 0; b < buckets; b++) {
    const from = offsets[b];
    const end = offsets[b + 1];
    for (let i = from + 1; i < end; i++) {
      for (let w = 0; w < WORDS; w++) key[w] = words[i * WORDS + w];
      const value = sums[i];
      let j = i - 1;
      for (; j >= from; j--) {
        let cmp = 0;
        for (let w = 0; w < WORDS && cmp === 0; w++) {
          const x = key[w];
          const y = words[j * WORDS + w];
          if (x !== y) cmp = x < y ? -1 : 1;
        }
        if (cmp >= 0) break;
        for (let w = 0; w < WORDS; w++) words[(j + 1) * WORDS + w] = words[j * WORDS + w];
        sums[j + 1] = sums[j];
      }
      for (let w = 0; w < WORDS; w++) words[(j + 1) * WORDS + w] = key[w];
      sums[j + 1] = value;
    }
  }
  const out = Buffer.alloc(count * DIGEST_BYTES);
  const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const outEntries = new Float64Array(count);
  let n = 0;
  for (let i = 0; i < count; i++) {
    let same = n > 0;
    for (let w = 0; w < WORDS && same; w++) same = words[i * WORDS + w] === words[(i - 1) * WORDS + w];
    if (same) {
      outEntries[n - 1] += sums[i];
      continue;
    }
    for (let w = 0; w < WORDS; w++) outView.setUint32((n * WORDS + w) * 4, words[i * WORDS + w], false);
    outEntries[n++] = sums[i];
  }
  return { digests: out.subarray(0, n * DIGEST_BYTES), entries: outEntries.subarray(0, n), count: n };
}
