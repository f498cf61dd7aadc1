import type { ServerResponse } from 'node:http';
import request from 'supertest';
import { LOCAL_SEED_MARKER as PAGE_MARKER, SEED_LENGTH as PAGE_SEED_LENGTH } from '../../../client/src/features/tools/seed.js';
import { AnuQuantumSeed, QuantumSeedUnavailableError } from '../../../src/platform/quantum-seed/anu-quantum-seed.adapter.js';
import { LOCAL_SEED_MARKER, QUANTUM_TIMEOUT_MS, SEED_LENGTH } from '../../../src/platform/quantum-seed/quantum-seed.port.js';
import { QuantumSeedService } from '../../../src/platform/quantum-seed/quantum-seed.service.js';
import { type HttpStub, sendJson, startHttpStub } from '../../support/http-stub.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { visitorAddress } from '../../support/tools.js';

const BLOCKS = ['A1B2C3D4E5F60718293A4B5C6D7E8F90', '0123456789abcdef0123456789abcdef', 'ffffffffffffffffffffffffffffffff', '00000000000000000000000000000000', 'deadbeefdeadbeefdeadbeefdeadbeef'];
const LOCAL_SEED = /^[0-9a-f]{15}\*$/;

type Behaviour = 'good' | 'slow' | 'error' | 'not-json' | 'not-success' | 'not-hex' | 'too-short';

describe('quantum seeds: the ANU-style adapter against a local stub, and the local fallbacks', () => {
  let stub: HttpStub;
  let behaviour: Behaviour = 'good';
  /** Answers the slow service holds until the test lets them go: a failure before then can only be the timeout. */
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    stub = await startHttpStub((incoming, response) => {
      switch (behaviour) {
        case 'good':
          return sendJson(response, 200, { type: 'hex16', length: 5, data: BLOCKS, success: true });
        case 'slow':
          held.push(response);
          return;
        case 'error':
          return sendJson(response, 500, { message: 'Internal Server Error' });
        case 'not-json':
          response.writeHead(200, { 'Content-Type': 'text/html' });
          response.end('<html>maintenance</html>');
          return;
        case 'not-success':
          return sendJson(response, 200, { success: false, message: 'Limit exceeded' });
        case 'not-hex':
          return sendJson(response, 200, { success: true, data: ['not hex at all!!', ...BLOCKS.slice(1)] });
        case 'too-short':
          return sendJson(response, 200, { success: true, data: ['abc', 'def'] });
      }
    });
  });

  afterAll(async () => {
    await stub?.close();
  });

  beforeEach(() => {
    behaviour = 'good';
    stub.requests.length = 0;
  });

  it('asks for length 5, type hex16, size 16 and makes the seed of the first 16 hex digits, in lower case', async () => {
    const adapter = new AnuQuantumSeed(`${stub.url}/API/jsonI.php`, 'the-api-key');
    expect(await adapter.seed()).toEqual({ seed: 'a1b2c3d4e5f60718', source: 'quantum' });
    expect(stub.requests).toHaveLength(1);
    const url = new URL(stub.requests[0].url, stub.url);
    expect(url.pathname).toBe('/API/jsonI.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({ length: '5', type: 'hex16', size: '16' });
    expect(stub.requests[0].headers['x-api-key']).toBe('the-api-key');
  });

  it('gives up on a slow service after its timeout (4 s in production)', async () => {
    expect(QUANTUM_TIMEOUT_MS).toBe(4000);
    behaviour = 'slow';
    const failure = await new AnuQuantumSeed(stub.url, undefined, 150).seed().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QuantumSeedUnavailableError);
    expect((failure as Error).message).toBe('no answer within 150 ms');
    expect(held).toHaveLength(1);
    for (const response of held.splice(0)) sendJson(response, 200, { success: true, data: BLOCKS });
    expect(stub.requests[0].headers['x-api-key']).toBeUndefined();
  });

  it.each<[Behaviour, string]>([
    ['error', 'the service answered 500'],
    ['not-json', 'SyntaxError'],
    ['not-success', 'the answer is not a success'],
    ['not-hex', 'the answer does not hold hex values'],
    ['too-short', 'the answer holds 6 hex digits, fewer than 16'],
  ])('refuses a malformed answer (%s)', async (kind, reason) => {
    behaviour = kind;
    const failure = await new AnuQuantumSeed(stub.url).seed().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QuantumSeedUnavailableError);
    expect((failure as Error).message).toContain(reason);
  });

  it('falls back to a local seed from the CSPRNG, ending in the marker, whenever the service fails', async () => {
    expect(LOCAL_SEED_MARKER).toBe('*');
    // The page's own fallback (crypto.getRandomValues) marks its seeds the same way.
    expect([PAGE_MARKER, PAGE_SEED_LENGTH]).toEqual([LOCAL_SEED_MARKER, SEED_LENGTH]);
    for (const kind of ['slow', 'error', 'not-json', 'not-success', 'not-hex'] as const) {
      behaviour = kind;
      const issued = await new QuantumSeedService(new AnuQuantumSeed(stub.url, undefined, 150)).seed();
      expect(issued.source).toBe('local');
      expect(issued.seed).toMatch(LOCAL_SEED);
    }
    const unreachable = await new QuantumSeedService(new AnuQuantumSeed('http://127.0.0.1:9/', undefined, 500)).seed();
    expect(unreachable).toEqual({ seed: expect.stringMatching(LOCAL_SEED), source: 'local' });
  });

  describe('GET /api/tools/seed', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: 'loopback', QUANTUM_SEED_URL: `${stub.url}/API/jsonI.php` } });
    });

    afterAll(async () => {
      await t?.close();
    });

    const seed = (address: string) => request(t.app.getHttpServer()).get('/api/tools/seed').set('X-Forwarded-For', address);

    it('answers a quantum seed when QUANTUM_SEED_URL is set, not cached', async () => {
      const response = await seed(visitorAddress()).expect(200);
      expect(response.body).toEqual({ seed: 'a1b2c3d4e5f60718', source: 'quantum' });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers a local seed when the service fails', async () => {
      behaviour = 'error';
      const response = await seed(visitorAddress()).expect(200);
      expect(response.body).toEqual({ seed: expect.stringMatching(LOCAL_SEED), source: 'local' });
    });

    it('allows one seed per visitor every 5 seconds (429 with Retry-After), apart from generating', async () => {
      const address = visitorAddress();
      await seed(address).expect(200);
      const refused = await seed(address).expect(429);
      expect(refused.body.message).toMatch(/^Too many requests: one every 5 seconds, please\. Try again in [1-5] s\.$/);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(5);
      expect(stub.requests).toHaveLength(1);
      await request(t.app.getHttpServer())
        .post('/api/tools/GenerateRandomNumbers')
        .set('X-Forwarded-For', address)
        .send({ count: 1, lowerLimit: '1', upperLimit: '10', seed: 'a1b2c3d4e5f60718' })
        .expect(200);
      await t.query('UPDATE rate_limit SET expire = $1 WHERE key = $2', [Date.now() - 1, `tools-seed:${address}`]);
      await seed(address).expect(200);
    });
  });

  it('uses the local CSPRNG when no quantum service is configured', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const response = await request(t.app.getHttpServer()).get('/api/tools/seed').set('X-Forwarded-For', visitorAddress()).expect(200);
      expect(response.body).toEqual({ seed: expect.stringMatching(LOCAL_SEED), source: 'local' });
      expect(stub.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
