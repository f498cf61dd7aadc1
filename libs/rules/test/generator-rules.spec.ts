import { RNG_RULE_CASES } from '../../../test/support/rng-rule-cases.js';
import { checkRngRequest, formatWholeNumber } from '../src/index.js';

describe('RNG rules (part 2 §5): the verdict on every case of the table', () => {
  it.each(RNG_RULE_CASES.map((c) => [c.name, c] as const))('%s', (_name, ruleCase) => {
    const verdict = checkRngRequest(ruleCase.input, ruleCase.maxResults);
    if (ruleCase.modelState) {
      expect(verdict).toEqual({ ok: false, modelState: ruleCase.modelState });
    } else {
      expect(verdict.ok).toBe(true);
      if (verdict.ok) expect(verdict.request).toMatchObject(ruleCase.normalised ?? {});
    }
  });

  it('keeps a valid request exactly, limits as bigints', () => {
    const verdict = checkRngRequest({ mode: 'numbers', count: 3, lowerLimit: '0', upperLimit: '999999999999999999', seed: 'seed', orderingOption: 1, orderingDirection: 1 });
    expect(verdict).toEqual({
      ok: true,
      request: { mode: 'numbers', lower: 0n, upper: 999_999_999_999_999_999n, count: 3, ordering: 1, direction: 1, grouping: false, unique: false, seed: 'seed' },
    });
  });

  it('formats counts with thousands separators whatever the locale', () => {
    expect(formatWholeNumber(1_000_000)).toBe('1,000,000');
    expect(formatWholeNumber(999)).toBe('999');
    expect(formatWholeNumber(12_345)).toBe('12,345');
  });
});
