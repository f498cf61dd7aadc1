import { createHash } from 'node:crypto';
import { createSeededSource } from '../../../../../libs/rng/src/seeded-source';
import { seededSourceFromKey } from './chacha20';

describe('seededSourceFromKey (the browser stream)', () => {
  it('gives the words of libs/rng createSeededSource for the same seed', () => {
    for (const seed of [new Uint8Array(32), Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1)]) {
      const server = createSeededSource(seed);
      const browser = seededSourceFromKey(new Uint8Array(createHash('sha256').update(seed).digest()));
      for (let i = 0; i < 5000; i++) expect(browser.nextUint32()).toBe(server.nextUint32());
    }
  });
});
