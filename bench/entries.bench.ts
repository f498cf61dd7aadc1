// A hostile entries file against the personal-data rules (review of entry files, 2026-11-27): confirmation reads the
// first rows whatever their length (up to 1 MB each), so each rule must read a value in time linear in its length.
import { sensitiveKindOfValue } from '../src/uploads/domain/sensitive-columns.js';
import { measure, type BenchFigure, type BenchSuite } from './bench-kit.js';

const RUNS = 7;

const suite: BenchSuite = {
  name: 'entries',
  async run(): Promise<BenchFigure[]> {
    const figures: BenchFigure[] = [];
    // A run of digits then a letter: the street rule backtracked quadratically on it (about 25 s at 200,000 digits).
    for (const digits of [100_000, 1_000_000]) {
      const value = '1'.repeat(digits) + 'x';
      const figure = await measure(`personal-data rules on a value of ${digits.toLocaleString('en')} digits and a letter`, RUNS, () => sensitiveKindOfValue(value));
      const ratio = figures.length ? figure.medianMs / figures[0].medianMs : undefined;
      // Ten times the length: about ten times the time when linear, a hundred when quadratic.
      figures.push(ratio === undefined ? figure : { ...figure, ratioTo100000Digits: Math.round(ratio * 10) / 10, target: 'linear (ratio about 10)', met: ratio < 30 });
    }
    return figures;
  },
};

export default suite;
