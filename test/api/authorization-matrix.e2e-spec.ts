import type TestAgent from 'supertest/lib/agent.js';
import { registeredUser } from '../support/accounts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * User B acting on user A's data. Every endpoint that reads or changes something a user owns adds its case here:
 * the answer must be 403 or 404, and A's data must be unchanged.
 */
interface MatrixCase {
  name: string;
  /** Sets up A's resource with A's agent; answers what B's request needs. */
  arrange(a: TestAgent, t: TestApp, aEmail: string): Promise<Record<string, string>>;
  act(b: TestAgent, resource: Record<string, string>): Promise<{ status: number }>;
  /** Checks A's resource is untouched. */
  verify(a: TestAgent, resource: Record<string, string>, t: TestApp): Promise<void>;
}

const cases: MatrixCase[] = [
  {
    name: "revoke A's API key",
    async arrange(a, t, aEmail) {
      await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [aEmail]);
      const created = await a.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200);
      return { id: created.body.apiKey.id };
    },
    act: (b, { id }) => b.post('/api/account/revokeApiKey/').send({ id }),
    async verify(a, { id }) {
      const keys = await a.get('/api/account/getApiKeys/').expect(200);
      expect(keys.body.find((key: { id: string }) => key.id === id).revokedAt).toBeNull();
    },
  },
];

describe('authorization matrix: user B against user A (API)', () => {
  let t: TestApp;
  let a: { agent: TestAgent; email: string };
  let b: { agent: TestAgent; email: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    a = await registeredUser(t.app);
    b = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [b.email]);
  });

  afterAll(async () => {
    await t.close();
  });

  it.each(cases.map((c) => [c.name, c] as const))('B cannot %s', async (_name, matrixCase) => {
    const resource = await matrixCase.arrange(a.agent, t, a.email);
    const response = await matrixCase.act(b.agent, resource);
    expect([403, 404]).toContain(response.status);
    await matrixCase.verify(a.agent, resource, t);
  });

  it("B only ever sees B's own account", async () => {
    const response = await b.agent.get('/api/account/get/').expect(200);
    expect(response.body.email).toBe(b.email);
    expect(JSON.stringify(response.body)).not.toContain(a.email);
    const keys = await b.agent.get('/api/account/getApiKeys/').expect(200);
    expect(keys.body).toEqual([]);
  });
});
