import type TestAgent from 'supertest/lib/agent.js';
import { registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { uploaded } from '../../support/entries-files.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

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
  {
    name: "download A's invoice",
    async arrange(a) {
      await a.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
      const invoices = await a.get('/api/account/getInvoices/').expect(200);
      return { id: invoices.body.invoices[0].id };
    },
    act: (b, { id }) => b.get(`/download/invoice/${id}`),
    async verify(a, { id }) {
      await a.get(`/download/invoice/${id}`).expect(200);
    },
  },
  {
    name: "execute A's wallet payment",
    async arrange(a) {
      return { id: (await a.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'USD' }).expect(200)).body.id };
    },
    act: (b, { id }) => b.post('/api/paypal/executepayment/').send({ PaymentID: id, PayerID: 'TESTPAYER' }),
    async verify(_a, { id }, t) {
      expect(await t.query(`SELECT status FROM payment WHERE gateway_reference = $1`, [id])).toEqual([{ status: 'pending' }]);
    },
  },
  ...(['cancel', 'reschedule', 'drawNow', 'scrutineer'] as const).map((action): MatrixCase => ({
    name: `${action} A's draw`,
    async arrange(a) {
      await a.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
      const id = (await a.post('/api/draw/submitdraw/').send(scheduledDraw()).expect(200)).body;
      return { id };
    },
    act: (b, { id }) =>
      action === 'cancel'
        ? b.post('/api/draw/cancel/').send({ id })
        : action === 'reschedule'
          ? b.post('/api/draw/reschedule/').send({ id, scheduleDate: new Date(Date.now() + 7_200_000).toISOString() })
          : action === 'drawNow'
            ? b.post('/api/draw/reschedule/').send({ id, immediateDraw: true })
            : b.post('/api/draw/saveScrutineer/').send({ drawId: id, fields: { firstName: 'B', lastName: 'B', emailAddress: 'b@b.example' } }),
    async verify(a, { id }) {
      const draw = (await a.get('/api/draw/get/').query({ id }).expect(200)).body;
      expect(draw).toMatchObject({ state: 'scheduled', scrutineer: null });
    },
  })),
  ...(['results', 'entries'] as const).map((kind): MatrixCase => ({
    name: `download A's draw ${kind}`,
    async arrange(a, t) {
      await a.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
      const { fileName, clientSession } = await uploaded(t, 'entries.csv', 'email\na@x.example\nb@x.example\nc@x.example\n');
      const id = (
        await a
          .post('/api/draw/submitdraw/')
          .send({ ...scheduledDraw(), scheduleOption: 0, entryMethod: 'upload', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ quantity: 1, reserves: 0 }] })
          .expect(200)
      ).body;
      return { id };
    },
    act: (b, { id }) => b.get(`/download/${kind}/${id}`),
    async verify(a, { id }) {
      await a.get(`/download/${kind}/${id}`).expect(200);
    },
  })),
  {
    name: "resume A's draft",
    async arrange(a) {
      return {
        id: (
          await a
            .post('/api/draw/saveIncompleteDraw/')
            .send({ wizardState: { step: 'name' } })
            .expect(200)
        ).body.id,
      };
    },
    act: (b, { id }) => b.get('/api/draw/getIncompleteDraw/').query({ id }),
    async verify(a, { id }) {
      await a.get('/api/draw/getIncompleteDraw/').query({ id }).expect(200);
    },
  },
];

function scheduledDraw(): Record<string, unknown> {
  return { ...simpleDraw({ paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(Date.now() + 3_600_000).toISOString() }) };
}

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
