import { checkRngRequest as checkOnThePage } from '#rules';
import { RNG_RULE_CASES } from '../../support/rng-rule-cases.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { generateNumbers } from '../../support/tools.js';

describe('generator rules over HTTP: the server answers every case of the shared table as the page judges it', () => {
  let t: TestApp;
  /** An administrator lowered the results limit (site setting randomNumberRowsLimit) to 10. */
  let small: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    small = await createTestApp({ env: { TRUST_PROXY: 'loopback', RANDOM_NUMBER_ROWS_LIMIT: '10' } });
  });

  afterAll(async () => {
    await t?.close();
    await small?.close();
  });

  it.each(RNG_RULE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, ruleCase) => {
    const app = ruleCase.maxResults === 10 ? small : t;
    const response = await generateNumbers(app.app, ruleCase.input);
    const page = checkOnThePage(ruleCase.input, ruleCase.maxResults);
    if (ruleCase.modelState) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: Object.values(ruleCase.modelState)[0][0], modelState: ruleCase.modelState });
      expect(page).toEqual({ ok: false, modelState: response.body.modelState });
    } else {
      expect(response.status).toBe(200);
      expect(page.ok).toBe(true);
      if (ruleCase.normalised?.count !== undefined) expect(response.body.total).toBe(ruleCase.normalised.count);
      if (ruleCase.normalised?.grouping !== undefined) expect(response.body.counts === null).toBe(!ruleCase.normalised.grouping);
    }
  });

  it('refuses fields the RNG request does not have', async () => {
    const response = await generateNumbers(t.app, { count: 1, lowerLimit: '1', upperLimit: '2', seed: 'abcd', colour: 'red' });
    expect(response.status).toBe(400);
    expect(response.body.modelState).toEqual({ colour: [expect.stringContaining('colour')] });
  });
});
