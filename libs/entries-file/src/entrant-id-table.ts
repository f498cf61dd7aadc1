import SipHash from 'siphash';
/**
 * Numbers entrant ids densely (0, 1, 2, ... in order of first appearance) with exact grouping: a hash only picks the
 * slot to look in; two ids are the same entrant only when their bytes are equal. Each distinct id is kept once in a
 * byte arena; the table is open addressing in one typed array of (hash, id) pairs, so a lookup touches one cache line
 * of the table, and the id's bytes only when the hashes match. Millions of ids cost no object or string per id.
 */
export class EntrantIdTable {
  private capacity: number;
  /** Two words per slot: hash, id + 1 (0 = empty slot). Half full at most. */
  private table: Uint32Array;
  /** Two words per id: where its bytes start in the arena, and how many there are. */
  private ids: Uint32Array;
  private arena = new Uint8Array(1 << 20);
  private arenaUsed = 0;
  private count = 0;
  private keyed = false;

  /**
   * @param expectedIds distinct ids to size the table for (it grows beyond them)
   * @param hash the fast hash function (tests pass a weak one to force collisions)
   */
  constructor(
    expectedIds = 1 << 15,
    private hash: (bytes: Uint8Array, start: number, end: number) => number = seededFnv1a(),
  ) {
    this.capacity = 1 << Math.max(16, Math.ceil(Math.log2(Math.max(1, expectedIds) * 2)));
    this.table = new Uint32Array(this.capacity * 2);
    this.ids = new Uint32Array(1 << 17);
  }

  /** Distinct ids so far. */
  get size(): number {
    return this.count;
  }

  /**
   * 'keyed' once a lookup probed more than MAX_PROBES slots and the table moved to SipHash: ids built to collide under
   * the fast hash (for some of its seeds) are then spread again.
   */
  get hashing(): 'fast' | 'keyed' {
    return this.keyed ? 'keyed' : 'fast';
  }

  /** The dense number of the id `bytes[start, end)`, adding it when new. */
  intern(bytes: Uint8Array, start: number, end: number): number {
    const h = this.hash(bytes, start, end) >>> 0;
    const length = end - start;
    const table = this.table;
    const mask = this.capacity - 1;
    let slot = h & mask;
    for (let probes = 0; ; probes++) {
      const at = slot << 1;
      const idPlusOne = table[at + 1];
      if (idPlusOne === 0) break;
      if (table[at] === h && this.equals(idPlusOne - 1, bytes, start, length)) return idPlusOne - 1;
      slot = (slot + 1) & mask;
      if (probes === MAX_PROBES && !this.keyed) {
        this.useKeyedHash();
        return this.intern(bytes, start, end);
      }
    }
    const id = this.count++;
    table[slot << 1] = h;
    table[(slot << 1) + 1] = id + 1;
    if (id * 2 >= this.ids.length) {
      const grown = new Uint32Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[id * 2] = this.append(bytes, start, length);
    this.ids[id * 2 + 1] = length;
    if (this.count * 2 > this.capacity) this.rehash();
    return id;
  }

  /** The bytes of id number `id`. */
  bytesOf(id: number): Uint8Array {
    if (!(id >= 0 && id < this.count)) throw new RangeError(`No entrant number ${id}.`);
    return this.arena.subarray(this.ids[id * 2], this.ids[id * 2] + this.ids[id * 2 + 1]);
  }

  private equals(id: number, bytes: Uint8Array, start: number, length: number): boolean {
    if (this.ids[id * 2 + 1] !== length) return false;
    const arena = this.arena;
    const at = this.ids[id * 2];
    for (let k = 0; k < length; k++) if (arena[at + k] !== bytes[start + k]) return false;
    return true;
  }

  /** Copies an id into the arena; answers where it starts. */
  private append(bytes: Uint8Array, start: number, length: number): number {
    const at = this.arenaUsed;
    if (at + length > 0xffffffff) throw new RangeError('Entrant ids take more than 4 GB.');
    if (at + length > this.arena.length) {
      const grown = new Uint8Array(Math.min(0xffffffff, Math.max(this.arena.length * 2, at + length)));
      grown.set(this.arena.subarray(0, at));
      this.arena = grown;
    }
    const arena = this.arena;
    for (let k = 0; k < length; k++) arena[at + k] = bytes[start + k];
    this.arenaUsed += length;
    return at;
  }

  /** Every id hashed again with SipHash-2-4 under a random key, and every later one. */
  private useKeyedHash(): void {
    const key = globalThis.crypto.getRandomValues(new Uint32Array(4));
    this.hash = (bytes, start, end) => SipHash.hash(key, bytes.subarray(start, end)).l;
    this.keyed = true;
    const mask = this.capacity - 1;
    const table = new Uint32Array(this.capacity * 2);
    for (let id = 0; id < this.count; id++) place(table, mask, this.hash(this.arena, this.ids[id * 2], this.ids[id * 2] + this.ids[id * 2 + 1]) >>> 0, id + 1);
    this.table = table;
  }

  private rehash(): void {
    const capacity = this.capacity * 2;
    const mask = capacity - 1;
    const table = new Uint32Array(capacity * 2);
    const old = this.table;
    for (let at = 0; at < old.length; at += 2) if (old[at + 1] !== 0) place(table, mask, old[at], old[at + 1]);
    this.capacity = capacity;
    this.table = table;
  }
}

/** Puts (hash, id + 1) in the first free slot from the hash's own, in a new table whose ids are all distinct. */
function place(table: Uint32Array, mask: number, h: number, idPlusOne: number): void {
  let slot = h & mask;
  while (table[(slot << 1) + 1] !== 0) slot = (slot + 1) & mask;
  table[slot << 1] = h;
  table[(slot << 1) + 1] = idPlusOne;
}

/**
 * A lookup probing more slots than this (at most half full, a few dozen at the very most by chance) meets ids built
 * to collide: from FNV-1a's fixed offset basis anyone can compute ids that all hash alike (pairs of blocks leading to
 * the same state, chained), and such ids still all collide from about one random basis in 200. All in one bucket, a
 * file of them held the event loop for hours. The numbering does not depend on the hash, only the time it takes.
 */
const MAX_PROBES = 512;

/** FNV-1a starting from a random state, new for each table: fast, and spreads ids built for the fixed basis most of the time. */
function seededFnv1a(): (bytes: Uint8Array, start: number, end: number) => number {
  const seed = globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
  return (bytes, start, end) => fnv1a(bytes, start, end, seed);
}

/** 32-bit FNV-1a with a final avalanche, so that ids differing in their last digits spread over the table. */
export function fnv1a(bytes: Uint8Array, start: number, end: number, basis = 0x811c9dc5): number {
  let h = basis;
  for (let i = start; i < end; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
