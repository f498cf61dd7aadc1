import request from 'supertest';
import { createSeedrandomSource, uniformBigInt } from '#rng';
import { type HttpStub, sendJson, startHttpStub } from '../../support/http-stub.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { generateNumbers, visitorAddress, WHOLE_RANGE } from '../../support/tools.js';

const TOO_MANY = /^Too many requests: one every 5 seconds, please\. Try again in [1-5] s\.$/;

describe('POST /api/tools/GenerateRandomNumbers (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the RNG response: file name, HTML preview, truncated, numbers, and the distribution', async () => {
    const before = Date.now();
    const response = await generateNumbers(t.app, { mode: 'numbers', count: 25, lowerLimit: '1', upperLimit: '100', seed: 'abcd1234abcd1234' }).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(Object.keys(body).sort()).toEqual(['counts', 'expiresAt', 'fileName', 'histogram', 'html', 'numbers', 'rowCount', 'total', 'truncated']);
    expect(body.fileName).toMatch(/^random-numbers-[0-9a-f]{32}$/);
    expect(body.truncated).toBe(false);
    expect(body.total).toBe(25);
    expect(body.rowCount).toBe(25);
    expect(body.counts).toBeNull();
    expect(body.numbers).toHaveLength(25);
    for (const value of body.numbers) expect(Number(value)).toBeGreaterThanOrEqual(1);
    for (const value of body.numbers) expect(Number(value)).toBeLessThanOrEqual(100);
    expect(body.html).toBe(`<ol class="rng-results">${body.numbers.map((n: string) => `<li>${n}</li>`).join('')}</ol>`);
    expect(body.histogram).toHaveLength(20);
    expect(body.histogram[0]).toEqual({ from: '1', to: '5', count: expect.any(Number) });
    expect(body.histogram[19]).toEqual({ from: '96', to: '100', count: expect.any(Number) });
    expect(body.histogram.reduce((sum: number, bin: { count: number }) => sum + bin.count, 0)).toBe(25);
    const expires = Date.parse(body.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  it('gives the same numbers for the same seed and options, from seedrandom through uniformBigInt of libs/rng', async () => {
    const body = { count: 200, ...WHOLE_RANGE, seed: 'repeatable seed' };
    const first = await generateNumbers(t.app, body).expect(200);
    const second = await generateNumbers(t.app, body).expect(200);
    expect(second.body.numbers).toEqual(first.body.numbers);
    expect(second.body.fileName).not.toBe(first.body.fileName);
    const source = createSeedrandomSource('repeatable seed');
    expect(first.body.numbers).toEqual(Array.from({ length: 200 }, () => uniformBigInt(source, 0n, 999_999_999_999_999_999n).toString()));
    const other = await generateNumbers(t.app, { ...body, seed: 'another seed' }).expect(200);
    expect(other.body.numbers).not.toEqual(first.body.numbers);
  });

  it('generates 1,000,000 unique numbers over the whole range 0 … 10^18 − 1, previewing the first 1,000', async () => {
    const response = await generateNumbers(t.app, { count: 1_000_000, ...WHOLE_RANGE, uniqueOption: true, seed: 'a million' }).expect(200);
    const body = response.body;
    expect(body.total).toBe(1_000_000);
    expect(body.rowCount).toBe(1_000_000);
    expect(body.truncated).toBe(true);
    expect(body.numbers).toHaveLength(1000);
    expect(new Set(body.numbers).size).toBe(1000);
    expect(body.html).toContain('<p class="rng-truncated">Showing the first 1,000 of 1,000,000 numbers. Download the file for all of them.</p>');
    expect(body.histogram).toHaveLength(20);
    expect(body.histogram[19]).toEqual({ from: '950000000000000000', to: '999999999999999999', count: expect.any(Number) });
    // Unbiased over the whole range: each twentieth holds 50,000 ± a few standard deviations (σ ≈ 218).
    for (const bin of body.histogram) expect(Math.abs(bin.count - 50_000)).toBeLessThan(1_100);
  });

  it('reaches the top of the range, 10^18 − 1', async () => {
    const response = await generateNumbers(t.app, { count: 200, lowerLimit: '999999999999999990', upperLimit: '999999999999999999', seed: 'top of the range' }).expect(200);
    const seen = new Set(response.body.numbers);
    expect([...seen].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `99999999999999999${i}`));
    expect(response.body.histogram.map((bin: { from: string }) => bin.from)).toEqual([...seen].sort());
  });

  it('shuffles a sequence of 1,000,000 numbers, each once', async () => {
    const response = await generateNumbers(t.app, { mode: 'sequence', lowerLimit: '1', upperLimit: '1000000', seed: 'a long sequence' }).expect(200);
    expect(response.body.fileName).toMatch(/^random-sequence-[0-9a-f]{32}$/);
    expect(response.body.total).toBe(1_000_000);
    expect(response.body.numbers).toHaveLength(1000);
    expect(new Set(response.body.numbers).size).toBe(1000);
    expect(response.body.histogram).toEqual([]);
    expect(response.body.html).toContain('Showing the first 1,000 of 1,000,000 numbers of the sequence.');
  });

  it('groups repeats and orders them by frequency, most frequent first', async () => {
    const response = await generateNumbers(t.app, { count: 600, lowerLimit: '1', upperLimit: '6', groupingOption: true, orderingOption: 2, orderingDirection: 1, seed: 'dice' }).expect(200);
    const { numbers, counts, total, rowCount } = response.body as { numbers: string[]; counts: number[]; total: number; rowCount: number };
    expect(total).toBe(600);
    expect(rowCount).toBe(6);
    expect([...numbers].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(600);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(response.body.html).toContain(`<li>${numbers[0]} <span class="rng-count">×${counts[0]}</span></li>`);
    expect(response.body.histogram.map((bin: { from: string; count: number }) => bin.count)).toEqual(['1', '2', '3', '4', '5', '6'].map((value) => counts[numbers.indexOf(value)]));
  });

  it('sorts by value, descending', async () => {
    const response = await generateNumbers(t.app, { count: 100, ...WHOLE_RANGE, orderingOption: 1, orderingDirection: 1, seed: 'sorted' }).expect(200);
    const values = (response.body.numbers as string[]).map(BigInt);
    expect(values).toEqual([...values].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  describe('one request per visitor every 5 seconds', () => {
    it('refuses a second request within 5 s with 429 and Retry-After, but not another visitor, and allows it once the window has passed', async () => {
      const address = visitorAddress();
      const body = { count: 3, lowerLimit: '1', upperLimit: '10', seed: 'rate limited' };
      await generateNumbers(t.app, body, address).expect(200);
      const refused = await generateNumbers(t.app, body, address).expect(429);
      expect(refused.body).toEqual({ message: expect.stringMatching(TOO_MANY) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(5);
      await generateNumbers(t.app, body).expect(200);

      // The 5 seconds pass: the counter's window ends (as it would by waiting, without the wait).
      const rows = await t.query('UPDATE rate_limit SET expire = $1 WHERE key = $2 RETURNING key', [Date.now() - 1, `tools-generate:${address}`]);
      expect(rows).toHaveLength(1);
      await generateNumbers(t.app, body, address).expect(200);
    });

    it('counts an IPv6 visitor by its /64, whatever host part or spelling it sends from, and an IPv4 visitor also when written as IPv6', async () => {
      const body = { count: 3, lowerLimit: '1', upperLimit: '10', seed: 'one subscriber' };
      await generateNumbers(t.app, body, '2001:db8:77:1::1').expect(200);
      await generateNumbers(t.app, body, '2001:DB8:77:1:ffff::2').expect(429);
      await generateNumbers(t.app, body, '2001:db8:77:2::1').expect(200);
      const address = visitorAddress();
      await generateNumbers(t.app, body, address).expect(200);
      await generateNumbers(t.app, body, `::ffff:${address}`).expect(429);
    });

    it('does not count a request the rules refuse', async () => {
      const address = visitorAddress();
      await generateNumbers(t.app, { count: 0, lowerLimit: '1', upperLimit: '10', seed: 'abcd' }, address).expect(400);
      await generateNumbers(t.app, { count: 1, lowerLimit: '1', upperLimit: '10', seed: 'abcd' }, address).expect(200);
    });
  });
});

describe('the human check on the generator (reCAPTCHA stub)', () => {
  let stub: HttpStub;
  let t: TestApp;

  beforeAll(async () => {
    stub = await startHttpStub((incoming, response) => {
      sendJson(response, 200, { success: new URLSearchParams(incoming.body).get('response') === 'human-token' });
    });
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', RECAPTCHA_SECRET_KEY: 'server-secret', RECAPTCHA_VERIFY_URL: `${stub.url}/siteverify` } });
  });

  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it("refuses a failed check with 'reCAPTCHA is invalid.', without using up the visitor's 5 seconds", async () => {
    const address = visitorAddress();
    const body = { count: 3, lowerLimit: '1', upperLimit: '10', seed: 'human check' };
    const refused = await generateNumbers(t.app, { ...body, recaptchaResponse: 'bot-token' }, address).expect(400);
    expect(refused.body).toEqual({ message: 'reCAPTCHA is invalid.', modelState: { recaptchaResponse: ['reCAPTCHA is invalid.'] } });
    await generateNumbers(t.app, body, address).expect(400);
    await generateNumbers(t.app, { ...body, recaptchaResponse: 'human-token' }, address).expect(200);
    expect(new URLSearchParams(stub.requests.at(-1)!.body).get('remoteip')).toBe(address);
  });

  it('checks the rules first, so a mistake costs no check', async () => {
    const before = stub.requests.length;
    const response = await request(t.app.getHttpServer())
      .post('/api/tools/GenerateRandomNumbers')
      .set('X-Forwarded-For', visitorAddress())
      .send({ count: 3, lowerLimit: '1', upperLimit: '10', seed: 'abc', recaptchaResponse: 'human-token' })
      .expect(400);
    expect(response.body.modelState).toEqual({ seed: ['Please enter a valid seed (4 to 100 characters).'] });
    expect(stub.requests.length).toBe(before);
  });
});
