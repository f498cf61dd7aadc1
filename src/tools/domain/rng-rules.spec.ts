import * as clientRules from '../../../client/src/features/tools/rules.js';
import { RNG_RULE_CASES } from '../../../test/support/rng-rule-cases.js';
import * as serverRules from './rng-rules.js';

describe('RNG rules (part 2 §5): the server and the page give the same verdict on every case', () => {
  it.each(RNG_RULE_CASES.map((c) => [c.name, c] as const))('%s', (_name, ruleCase) => {
    const server = serverRules.checkRngRequest(ruleCase.input, ruleCase.maxResults);
    const client = clientRules.checkRngRequest(ruleCase.input, ruleCase.maxResults);
    expect(client).toEqual(server);
    if (ruleCase.modelState) {
      expect(server).toEqual({ ok: false, modelState: ruleCase.modelState });
    } else {
      expect(server.ok).toBe(true);
      if (server.ok) expect(server.request).toMatchObject(ruleCase.normalised ?? {});
    }
  });

  it('has the same messages and constants in both copies', () => {
    expect(clientRules.RNG_MESSAGES).toEqual(serverRules.RNG_MESSAGES);
    expect(clientRules.RNG_MAX_VALUE).toBe(serverRules.RNG_MAX_VALUE);
    expect([clientRules.SEED_MIN_LENGTH, clientRules.SEED_MAX_LENGTH, clientRules.DEFAULT_SEED_LENGTH, clientRules.DEFAULT_MAX_RESULTS]).toEqual([
      serverRules.SEED_MIN_LENGTH,
      serverRules.SEED_MAX_LENGTH,
      serverRules.DEFAULT_SEED_LENGTH,
      serverRules.DEFAULT_MAX_RESULTS,
    ]);
  });

  it('keeps a valid request exactly, limits as bigints', () => {
    const verdict = serverRules.checkRngRequest({ mode: 'numbers', count: 3, lowerLimit: '0', upperLimit: '999999999999999999', seed: 'seed', orderingOption: 1, orderingDirection: 1 });
    expect(verdict).toEqual({
      ok: true,
      request: { mode: 'numbers', lower: 0n, upper: 999_999_999_999_999_999n, count: 3, ordering: 1, direction: 1, grouping: false, unique: false, seed: 'seed' },
    });
  });

  it('formats counts with thousands separators whatever the locale', () => {
    expect(serverRules.formatWholeNumber(1_000_000)).toBe('1,000,000');
    expect(serverRules.formatWholeNumber(999)).toBe('999');
    expect(clientRules.formatWholeNumber(12_345)).toBe('12,345');
  });
});
