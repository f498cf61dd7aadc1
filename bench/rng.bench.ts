// The random sources' figures: the issue-3 target (1M unbiased integers in 0..10^18) plus raw word rates.
import { createCryptoSource, createSeededSource, createSeedrandomSource, uniformBigInt, uniformInt } from '#rng';
import { measure, type BenchFigure, type BenchSuite } from './bench-kit.js';

const RUNS = 7;
const COUNT = 1_000_000;

async function timed(name: string, targetMs: number, fn: () => unknown): Promise<BenchFigure> {
  const figure = await measure(name, RUNS, fn, { targetMs });
  return { ...figure, withinTarget: figure.medianMs < targetMs };
}

const rngSuite: BenchSuite = {
  name: 'rng',
  async run() {
    const upper = 10n ** 18n;
    return [
      await timed('1M uniformBigInt in 0..10^18 (seeded source)', 500, () => {
        const source = createSeededSource('fairdraw bench bigint');
        let x = 0n;
        for (let i = 0; i < COUNT; i++) x ^= uniformBigInt(source, 0n, upper);
        return x;
      }),
      await timed('1M uniformInt below 10^7 (seeded source, informative)', 100, () => {
        const source = createSeededSource('fairdraw bench int');
        let x = 0;
        for (let i = 0; i < COUNT; i++) x ^= uniformInt(source, 10_000_000);
        return x;
      }),
      await timed('1M words from the seeded ChaCha20 source (informative)', 100, () => {
        const source = createSeededSource('fairdraw bench words');
        let x = 0;
        for (let i = 0; i < COUNT; i++) x ^= source.nextUint32();
        return x;
      }),
      await timed('1M words from the crypto source (informative)', 100, () => {
        const source = createCryptoSource();
        let x = 0;
        for (let i = 0; i < COUNT; i++) x ^= source.nextUint32();
        return x;
      }),
      await timed('1M words from the seedrandom source (informative)', 200, () => {
        const source = createSeedrandomSource('fairdraw bench words');
        let x = 0;
        for (let i = 0; i < COUNT; i++) x ^= source.nextUint32();
        return x;
      }),
    ];
  },
};

export default rngSuite;
