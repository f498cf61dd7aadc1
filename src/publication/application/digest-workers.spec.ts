import { DIGEST_BYTES, EntryDigester } from '../domain/entry-digest.js';
import { DigestWorkers } from './digest-workers.js';

describe('digest workers', () => {
  it('compute the digests EntryDigester computes, batch by batch, values of any length', async () => {
    const digester = new EntryDigester(Buffer.from('a server secret of at least thirty-two characters'), Buffer.alloc(16, 3));
    const values = ['member-1', 'x', 'é'.repeat(3000), 'mary@example.com', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64)];
    const workers = new DigestWorkers(digester, 2);
    try {
      for (const batch of [values, values.slice(2), values.slice(0, 1)]) {
        const encoded = batch.map((value) => Buffer.from(value));
        const bytes = Buffer.concat(encoded);
        let end = 0;
        const ends = Uint32Array.from(encoded, (value) => (end += value.length));
        const out = await workers.digest(new Uint8Array(bytes), ends, batch.length);
        for (let i = 0; i < batch.length; i++) expect(Buffer.from(out.subarray(i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES))).toEqual(digester.digestOfText(batch[i]));
      }
    } finally {
      await workers.close();
    }
  });
});
