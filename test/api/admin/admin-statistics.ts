import request from 'supertest';
import { registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** Its own database: the statistics are compared with exact counts of the fixture below. */
describe('admin statistics (API) against a fixture of known customers and draws', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('counts customers, draws by state, credits and revenue as the fixture made them, and who is signed in', async () => {
    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
    const admin = await registeredUser(t.app, { firstName: 'Ada', lastName: 'Admin' });
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [admin.email]);

    // Ann buys 10 credits (AUD 300.00) and spends 4: two drawn, one scheduled, one scheduled then cancelled (refunded).
    const ann = await registeredUser(t.app, { firstName: 'Ann', lastName: 'Buyer' });
    await ann.agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const submit = async (overrides: Record<string, unknown>) =>
      (
        await ann.agent
          .post('/api/draw/submitdraw/')
          .send(simpleDraw({ paymentOption: 2, ...overrides }))
          .expect(200)
      ).body as string;
    const published = await submit({});
    await submit({});
    await ann.agent
      .post('/api/draw/publish/')
      .send({ id: published, published: true, columns: [0], names: ['Entry'], prizes: [0, 1], truncated: false, upperCase: false, entries: false })
      .expect(200);
    await submit({ scheduleOption: 1, scheduleDate: inAnHour() });
    const cancelled = await submit({ scheduleOption: 1, scheduleDate: inAnHour() });
    await ann.agent.post('/api/draw/cancel/').send({ id: cancelled }).expect(200);

    // Ben runs a free demo draw, and a draw with a test API key (never counted).
    const ben = await registeredUser(t.app, { firstName: 'Ben', lastName: 'Tester' });
    await ben.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200);
    const [{ id: benId }] = await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [ben.email]);
    await admin.agent.post('/api/admin/setApiEnabled/').send({ userId: benId, apiEnabled: true }).expect(200);
    const key = (await ben.agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key as string;
    await request(t.app.getHttpServer())
      .post('/api/draw/submitdraw/')
      .set('Authorization', `Bearer ${key}`)
      .send(simpleDraw({ paymentOption: 2 }))
      .expect(200);

    // Cy only saved a draft (never counted), then logged out.
    const cy = await registeredUser(t.app, { firstName: 'Cy', lastName: 'Drafter' });
    await cy.agent
      .post('/api/draw/saveIncompleteDraw/')
      .send({ wizardState: { step: 'name' } })
      .expect(200);
    await cy.agent.post('/api/account/logOut/').expect(200);

    const statistics = (await admin.agent.get('/api/admin/statistics/').expect(200)).body;
    const summary = Object.fromEntries((statistics.summary as { key: string; value: number }[]).map((entry) => [entry.key, entry.value]));
    expect(summary).toEqual({ customers: 4, apiCustomers: 1, draws: 5, cancelledDraws: 1, creditsSold: 10, unusedCredits: 7 });
    expect(statistics).toMatchObject({ completedDraws: 3, scheduledDraws: 1, publishedDraws: 1 });
    expect(statistics.activeUserNames).toEqual(['Ada Admin', 'Ann Buyer', 'Ben Tester']);
    expect(statistics.revenue).toEqual([{ currency: 'AUD', amount: 30000 }]);

    const today = new Date().toISOString().slice(0, 10);
    expect(statistics.drawsOverTime).toHaveLength(30);
    expect(statistics.drawsOverTime.at(-1)).toEqual({ date: today, created: 5, completed: 3 });
    expect(statistics.drawsOverTime.slice(0, -1).every((day: { created: number; completed: number }) => day.created === 0 && day.completed === 0)).toBe(true);
    expect(statistics.revenueOverTime).toHaveLength(30);
    expect(statistics.revenueOverTime.at(-1)).toEqual({ date: today, USD: 0, AUD: 30000, CAD: 0, NZD: 0, GBP: 0 });

    // The same figures straight from the tables the fixture wrote.
    const [counts] = await t.query<{ drawn: number; scheduled: number }>(
      `SELECT count(*) FILTER (WHERE state = 'drawn' AND source <> 'test')::int AS drawn, count(*) FILTER (WHERE state = 'scheduled' AND source <> 'test')::int AS scheduled FROM draw`,
    );
    expect(counts).toEqual({ drawn: statistics.completedDraws, scheduled: statistics.scheduledDraws });
  });
});
