import type TestAgent from 'supertest/lib/agent.js';
import { registeredUser } from '../../support/accounts.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** Issue 24 item 5: a credit grant and its audit row are one transaction, a retried grant grants once, bad input changes nothing. */
describe('admin credit grant: atomic with its audit row, idempotent (API)', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const made = await registeredUser(t.app);
    admin = made.agent;
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [made.email]);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function customer(): Promise<string> {
    const { email } = await registeredUser(t.app);
    const [{ id }] = await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return id;
  }

  async function recorded(userId: string): Promise<{ packs: number; credits: number; audits: number }> {
    const [row] = await t.query<{ packs: number; credits: number; audits: number }>(
      `SELECT (SELECT count(*)::int FROM credit_pack WHERE user_id = $1) AS packs,
              (SELECT count(*)::int FROM credit WHERE user_id = $1) AS credits,
              (SELECT count(*)::int FROM admin_audit WHERE customer_user_id = $1 AND action = 'addCreditPack') AS audits`,
      [userId],
    );
    return row;
  }

  it('grants nothing when its audit row cannot be written, and grants once when retried', async () => {
    const userId = await customer();
    // The audit log refuses every new row, as a failing disk or a bad value would.
    await t.query('ALTER TABLE admin_audit ADD CONSTRAINT audit_refuses_writes CHECK (false) NOT VALID');
    try {
      await admin.post('/api/admin/addCreditPack').send({ userId, amount: 5, note: 'Goodwill', idempotencyKey: 'grant-key-0001' }).expect(500);
      expect(await recorded(userId)).toEqual({ packs: 0, credits: 0, audits: 0 });
    } finally {
      await t.query('ALTER TABLE admin_audit DROP CONSTRAINT audit_refuses_writes');
    }
    await admin.post('/api/admin/addCreditPack').send({ userId, amount: 5, note: 'Goodwill', idempotencyKey: 'grant-key-0001' }).expect(200);
    expect(await recorded(userId)).toEqual({ packs: 1, credits: 5, audits: 1 });
  });

  it('grants once for a request repeated with its idempotency key, one after the other or at once', async () => {
    const userId = await customer();
    const grant = () => admin.post('/api/admin/addCreditPack').send({ userId, amount: 3, idempotencyKey: 'grant-key-0002' });
    const first = await grant().expect(200);
    const again = await grant().expect(200);
    expect(again.body).toEqual(first.body);
    expect(first.body.unusedCredits).toBe(3);
    await Promise.all([grant().expect(200), grant().expect(200)]);
    expect(await recorded(userId)).toEqual({ packs: 1, credits: 3, audits: 1 });
    // Another key is another grant.
    await admin.post('/api/admin/addCreditPack').send({ userId, amount: 2, idempotencyKey: 'grant-key-0003' }).expect(200);
    const [first2, second2] = await Promise.all(['grant-key-0004', 'grant-key-0004'].map((idempotencyKey) => admin.post('/api/admin/addCreditPack').send({ userId, amount: 1, idempotencyKey })));
    expect([first2.status, second2.status]).toEqual([200, 200]);
    expect(await recorded(userId)).toEqual({ packs: 3, credits: 6, audits: 3 });
  });

  it('changes nothing for bad input: a lone surrogate or NUL in the note, a bad key, an amount beyond 2^53', async () => {
    const userId = await customer();
    for (const body of [
      { userId, amount: 5, note: 'Goodwill \ud800' },
      { userId, amount: 5, note: 'Good\u0000will' },
      { userId, amount: 5, idempotencyKey: 'short' },
      { userId, amount: 1e308 },
    ]) {
      const response = await admin.post('/api/admin/addCreditPack').send(body).expect(400);
      expect(Object.keys(response.body.modelState)).toHaveLength(1);
    }
    expect(await recorded(userId)).toEqual({ packs: 0, credits: 0, audits: 0 });
  });
});
