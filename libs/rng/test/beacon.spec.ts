import fc from 'fast-check';
import { beaconKeyPair, beaconSeed, chainHashOf, chainOf, firstRoundAfter, firstRoundAtOrAfter, QUICKNET_INFO, randomnessOf, roundTime, signRound, verifyRoundSignature } from '../src/beacon.js';
import { createSeededSource, seedKey } from '../src/index.js';

const words = (source: { nextUint32(): number }, n = 8): number[] => Array.from({ length: n }, () => source.nextUint32());
const quicknet = chainOf(QUICKNET_INFO);

// drand quicknet round 1000 exactly as the League of Entropy serves it (/public/1000): a real signature, so a
// verification bug cannot pass here by agreeing with our own signer.
const QUICKNET_ROUND_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};

// The README's beacon vectors. Changing any of them breaks every published beacon certificate.
const TEST_SECRET_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const TEST_PUBLIC_KEY =
  '8107aad1d722b74d1955f000f764b907aebc9fd0003cdc0db16ce57028e0417257abc93cdbd29bbeae81d85c29df2c4200c75b6acd7e2ad2ed48092947c7659d3fd7c5dae9340f1ed804b73417aaaf06f6bf985c8ff49c103482b606bf57042f';
const TEST_ROUND_5 = {
  round: 5,
  randomness: '07b289eca6f6776993d48a62d25459aafc584ef5e4292ab5408f4de3f79c5f82',
  signature: '85884a6d8433045a5090b8da4cea8d07e0c7de5029f59279412ecc5b4c50347d1cf3840cd1cd9b2613697e2c49165474',
};

describe('the beacon scheme (bls-unchained-g1-rfc9380)', () => {
  it("computes quicknet's chain hash from its info, as drand does", () => {
    expect(chainHashOf(QUICKNET_INFO)).toBe('52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971');
    expect(chainHashOf({ ...QUICKNET_INFO, period: 30 })).not.toBe(QUICKNET_INFO.hash);
  });

  it("accepts quicknet's real round 1000 and derives its published randomness", () => {
    expect(verifyRoundSignature(quicknet, 1000, QUICKNET_ROUND_1000.signature)).toBe(true);
    expect(randomnessOf(QUICKNET_ROUND_1000.signature)).toBe(QUICKNET_ROUND_1000.randomness);
  });

  it('refuses a changed signature, another round, another key or another scheme', () => {
    const flipped = `${QUICKNET_ROUND_1000.signature.slice(0, 95)}${QUICKNET_ROUND_1000.signature.endsWith('9') ? '8' : '9'}`;
    expect(verifyRoundSignature(quicknet, 1000, flipped)).toBe(false);
    expect(verifyRoundSignature(quicknet, 1001, QUICKNET_ROUND_1000.signature)).toBe(false);
    expect(verifyRoundSignature({ ...quicknet, publicKey: TEST_PUBLIC_KEY }, 1000, QUICKNET_ROUND_1000.signature)).toBe(false);
    expect(verifyRoundSignature({ ...quicknet, scheme: 'pedersen-bls-chained' }, 1000, QUICKNET_ROUND_1000.signature)).toBe(false);
    for (const junk of ['', 'zz', QUICKNET_ROUND_1000.signature.toUpperCase(), '00'.repeat(48)]) expect(verifyRoundSignature(quicknet, 1000, junk)).toBe(false);
    for (const round of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1]) expect(verifyRoundSignature(quicknet, round, QUICKNET_ROUND_1000.signature)).toBe(false);
  });

  it('signs rounds with a key of its own as drand would: the frozen vector, unique signatures', () => {
    const pair = beaconKeyPair(TEST_SECRET_KEY);
    expect(pair.publicKey).toBe(TEST_PUBLIC_KEY);
    expect(signRound(pair.secretKey, 5)).toEqual(TEST_ROUND_5);
    expect(verifyRoundSignature({ publicKey: TEST_PUBLIC_KEY, scheme: quicknet.scheme }, 5, TEST_ROUND_5.signature)).toBe(true);
    expect(verifyRoundSignature({ publicKey: TEST_PUBLIC_KEY, scheme: quicknet.scheme }, 6, TEST_ROUND_5.signature)).toBe(false);
  });

  it("fixes a scheduled draw's round at or after its time, an immediate draw's strictly after", () => {
    const at10 = roundTime(quicknet, 10) * 1000;
    expect(roundTime(quicknet, 1)).toBe(QUICKNET_INFO.genesis_time);
    expect([firstRoundAtOrAfter(quicknet, at10), firstRoundAtOrAfter(quicknet, at10 + 1), firstRoundAtOrAfter(quicknet, at10 - 1)]).toEqual([10, 11, 10]);
    expect([firstRoundAfter(quicknet, at10), firstRoundAfter(quicknet, at10 - 1), firstRoundAfter(quicknet, at10 + 2999)]).toEqual([11, 10, 11]);
    expect(firstRoundAtOrAfter(quicknet, Date.UTC(2026, 10, 26, 12, 0, 0))).toBe(34_297_012);
    expect(firstRoundAtOrAfter(quicknet, Date.UTC(2026, 10, 26, 12, 0, 0) + 1)).toBe(34_297_013);
  });

  it('round laws: the chosen round is never reached before the draw time, and is the first such round', () => {
    // A draw time anywhere, or within 2 ms of a round's time: where ceil and floor part, a uniform time almost never lands.
    const nearRound = fc.record({ rounds: fc.integer({ min: -3, max: 3_000_000 }), offsetMs: fc.integer({ min: -2, max: 2 }) });
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.oneof(fc.integer({ min: 0, max: 4_000_000_000_000 }), nearRound),
        (genesisTime, period, at) => {
          const chain = { genesisTime, period };
          const atMs = typeof at === 'number' ? at : (genesisTime + at.rounds * period) * 1000 + at.offsetMs;
          const scheduled = firstRoundAtOrAfter(chain, atMs);
          expect(roundTime(chain, scheduled) * 1000).toBeGreaterThanOrEqual(atMs);
          if (scheduled > 1) expect(roundTime(chain, scheduled - 1) * 1000).toBeLessThan(atMs);
          const immediate = firstRoundAfter(chain, atMs);
          expect(roundTime(chain, immediate) * 1000).toBeGreaterThan(atMs);
          if (immediate > 1) expect(roundTime(chain, immediate - 1) * 1000).toBeLessThanOrEqual(atMs);
        },
      ),
      {
        numRuns: 2000,
        // Exactly at genesis, at a round's time, 1 ms either side of it, and long before genesis.
        examples: [
          [1_692_803_367, 3, { rounds: 0, offsetMs: 0 }],
          [1_692_803_367, 3, { rounds: 9, offsetMs: 0 }],
          [1_692_803_367, 3, { rounds: 9, offsetMs: -1 }],
          [1_692_803_367, 3, { rounds: 9, offsetMs: 1 }],
          [2_000_000_000, 60, 0],
        ],
      },
    );
  });

  it("makes a beacon draw's 64-byte seed as serverSeed ‖ randomness: the frozen stream", () => {
    const serverSeed = Uint8Array.from({ length: 32 }, (_, i) => i);
    const seed = beaconSeed(serverSeed, Buffer.from(QUICKNET_ROUND_1000.randomness, 'hex'));
    expect(Buffer.from(seed).toString('hex')).toBe(`000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f${QUICKNET_ROUND_1000.randomness}`);
    expect(Buffer.from(seedKey(seed)).toString('hex')).toBe('e3bf2875a9a501372f86759fcd5679335a8945bd5df02b808e88952e110e00fa');
    expect(words(createSeededSource(seed))).toEqual([0xc88a7c24, 0x96107ea0, 0x973f3add, 0x46d6db69, 0x1f818f5a, 0xed7f68bc, 0x89b77c6b, 0x56857ffe]);
    expect(() => beaconSeed(serverSeed.subarray(1), Buffer.from(QUICKNET_ROUND_1000.randomness, 'hex'))).toThrow(RangeError);
  });
});
