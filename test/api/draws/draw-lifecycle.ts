import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { verifyDraw } from '../../../src/certificates/domain/verify-draw.js';
import { ExecuteDrawService } from '../../../src/draws/application/execute-draw.service.js';
import { browser, registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

describe('following a draw: list, cancel, reschedule, draw now, scrutineer, lookup, results (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  async function customer(credits = true): Promise<{ agent: TestAgent; email: string }> {
    const user = await registeredUser(t.app);
    if (credits) await user.agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    return user;
  }

  const submit = async (agent: TestAgent, overrides: Record<string, unknown> = {}) =>
    (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2, ...overrides }))
        .expect(200)
    ).body as string;

  it('lists the owner’s draws, newest relevant date first, with paging, filters and the admin-only userId', async () => {
    const { agent, email } = await customer();
    const drawn = await submit(agent, { name: 'Drawn one' });
    const later = await submit(agent, { name: 'Later one', scheduleOption: 1, scheduleDate: inAnHour() });
    const list = await agent.get('/api/draw/getAll/').expect(200);
    expect(list.body.total).toBe(2);
    expect(list.body.draws.map((d: { id: string }) => d.id)).toEqual([later, drawn]);
    expect(list.body.draws[0]).toMatchObject({ name: 'Later one', state: 'scheduled', displayId: later.slice(24).toUpperCase() });
    expect(list.body.draws[0].secondsTilRelevantDate).toBeGreaterThan(3500);

    const ascending = await agent.get('/api/draw/getAll/').query({ descending: false, count: 10 }).expect(200);
    expect(ascending.body.draws.map((d: { id: string }) => d.id)).toEqual([drawn, later]);
    const page2 = await agent.get('/api/draw/getAll/').query({ count: 10, page: 2 }).expect(200);
    expect(page2.body).toEqual({ draws: [], total: 2 });
    const onlyDrawn = await agent.get('/api/draw/getAll/').query({ statuses: 'drawn' }).expect(200);
    expect(onlyDrawn.body.draws.map((d: { id: string }) => d.id)).toEqual([drawn]);
    await agent.get('/api/draw/getAll/').query({ count: 15 }).expect(400);
    await browser(t.app).get('/api/draw/getAll/').expect(401);

    // Another user asking for this user's list gets their own; an administrator gets this one.
    const other = await customer(false);
    const ownerId = (await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
    expect((await other.agent.get('/api/draw/getAll/').query({ userId: ownerId }).expect(200)).body.total).toBe(0);
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [other.email]);
    expect((await other.agent.get('/api/draw/getAll/').query({ userId: ownerId }).expect(200)).body.total).toBe(2);
  });

  it('shows api and test draws and drafts to API users only', async () => {
    const { agent, email } = await customer();
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const key = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key;
    const testDraw = (
      await request(t.app.getHttpServer())
        .post('/api/draw/submitdraw/')
        .set('Authorization', `Bearer ${key}`)
        .send(simpleDraw({ paymentOption: 2 }))
        .expect(200)
    ).body;
    await agent
      .post('/api/draw/saveIncompleteDraw/')
      .send({ wizardState: { step: 'name' } })
      .expect(200);
    expect((await agent.get('/api/draw/getAll/').expect(200)).body.total).toBe(0);
    const withTest = await agent.get('/api/draw/getAll/').query({ showWeb: false, showTest: true }).expect(200);
    expect(withTest.body.draws.map((d: { id: string; source: string }) => [d.id, d.source])).toEqual([[testDraw, 'test']]);
    expect((await agent.get('/api/draw/getAll/').query({ statuses: 'draft' }).expect(200)).body.total).toBe(1);
    await t.query('UPDATE users SET api_enabled = false WHERE email = $1', [email]);
    expect((await agent.get('/api/draw/getAll/').query({ showWeb: false, showTest: true }).expect(200)).body.total).toBe(0);
    expect((await agent.get('/api/draw/getAll/').query({ statuses: 'draft' }).expect(200)).body.total).toBe(0);
  });

  it('cancels a scheduled draw, refunds its credit once, and refuses to cancel or draw it again', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(9);
    await agent.post('/api/draw/cancel/').send({ id }).expect(200);
    expect((await agent.get('/api/draw/get/').query({ id })).body).toMatchObject({ state: 'cancelled', isCancelled: true });
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    const again = await agent.post('/api/draw/cancel/').send({ id }).expect(409);
    expect(again.body.message).toBe('This draw can no longer be changed.');
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(409);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    const audit = await t.query<{ to_state: string; actor: string }>('SELECT to_state, actor FROM draw_audit WHERE draw_id = $1 ORDER BY id', [id]);
    expect(audit.map((a) => a.to_state)).toEqual(['draft', 'scheduled', 'cancelled']);
    expect(audit[2].actor).toMatch(/^user /);
  });

  it('cancels once and refunds one credit when the same cancel is sent five times at once', async () => {
    const { agent, email } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    const answers = await Promise.all(Array.from({ length: 5 }, () => agent.post('/api/draw/cancel/').send({ id })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    const refunds = await t.query(`SELECT p.note FROM credit_pack p JOIN users u ON u.id = p.user_id WHERE u.email = $1 AND p.kind = 'refund'`, [email]);
    expect(refunds).toEqual([{ note: `refund for ${id}` }]);
  });

  it('gives the credit back when a cancel is retried after the cancellation was stored but its refund was not', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    // As if the process had died between the cancellation's commit and the refund.
    await t.query(`UPDATE draw SET state = 'cancelled' WHERE id = $1`, [id]);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(9);
    expect((await agent.post('/api/draw/cancel/').send({ id }).expect(409)).body.message).toBe('This draw can no longer be changed.');
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    await agent.post('/api/draw/cancel/').send({ id }).expect(409);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
  });

  it('cancels with the refund in one go: a cancel cut short before its refund leaves the draw scheduled, to be cancelled again', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    // The process dies as the credit is given back (simulated: the database refuses it). The owner's page offers
    // cancel only for a scheduled draw: a draw left cancelled without its refund would keep the credit for ever.
    await t.query(`CREATE FUNCTION test_fail_refund() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the process died here'; END $$`);
    await t.query(`CREATE TRIGGER test_refund BEFORE INSERT ON credit_pack FOR EACH ROW WHEN (NEW.note = 'refund for ${id}') EXECUTE FUNCTION test_fail_refund()`);
    try {
      await agent.post('/api/draw/cancel/').send({ id }).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_refund ON credit_pack');
      await t.query('DROP FUNCTION test_fail_refund()');
    }
    expect((await agent.get('/api/draw/get/').query({ id })).body).toMatchObject({ state: 'scheduled' });
    await agent.post('/api/draw/cancel/').send({ id }).expect(200);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
  });

  it('reschedules to a future time only, and draws now on request', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    const past = await agent
      .post('/api/draw/reschedule/')
      .send({ id, scheduleDate: new Date(Date.now() - 1000).toISOString(), scheduleTimezone: 'Europe/London' })
      .expect(400);
    expect(past.body.modelState).toEqual({ scheduleDate: ['Please choose a draw time in the future.'] });
    // No time at all is told as the wizard tells it.
    for (const body of [{ id }, { id, immediateDraw: false }, { id, scheduleDate: null }])
      expect((await agent.post('/api/draw/reschedule/').send(body).expect(400)).body.modelState).toEqual({ scheduleDate: ['Please choose the date and time of the draw.'] });
    const next = new Date(Date.now() + 7_200_000).toISOString();
    await agent.post('/api/draw/reschedule/').send({ id, scheduleDate: next, scheduleTimezone: 'Europe/London' }).expect(200);
    expect((await agent.get('/api/draw/get/').query({ id })).body).toMatchObject({ relevantDate: next, scheduleTimeZone: 'Europe/London' });
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200);
    expect((await agent.get('/api/draw/get/').query({ id })).body.state).toBe('drawn');
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(409);
  });

  it("keeps the draw's time zone when a reschedule leaves scheduleTimezone out", async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    const next = new Date(Date.now() + 7_200_000).toISOString();
    await agent.post('/api/draw/reschedule/').send({ id, scheduleDate: next }).expect(200);
    expect((await agent.get('/api/draw/get/').query({ id })).body).toMatchObject({ relevantDate: next, scheduleTimeZone: 'Australia/Sydney' });
  });

  it('refuses a time zone that is no IANA zone, on submission and on reschedule, and changes nothing', async () => {
    const { agent } = await customer();
    const message = 'Please choose a time zone by its IANA name, such as Australia/Sydney.';
    const draws = async () => (await agent.get('/api/draw/getAll').query({ page: 1, count: 10 }).expect(200)).body.total as number;
    const before = await draws();
    for (const scheduleTimezone of ['Mars/Olympus', '+10:00', 'x'.repeat(100)]) {
      const refused = await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ scheduleOption: 1, scheduleDate: inAnHour(), scheduleTimezone }))
        .expect(400);
      expect(refused.body.modelState).toEqual({ scheduleTimezone: [message] });
    }
    expect(await draws()).toBe(before);
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    const next = new Date(Date.now() + 7_200_000).toISOString();
    expect((await agent.post('/api/draw/reschedule/').send({ id, scheduleDate: next, scheduleTimezone: 'Mars/Olympus' }).expect(400)).body.modelState).toEqual({ scheduleTimezone: [message] });
    expect((await agent.get('/api/draw/get/').query({ id })).body).toMatchObject({ scheduleTimeZone: 'Australia/Sydney' });
  });

  it('answers a draw now as done when the sweep draws the draw first, and draws it once', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    // Once moved to now the draw is due, and the sweep (or its job) may take it before the request's own execution,
    // which then waits on the draw's lock and finds it drawn: here the sweep always comes first.
    const execution = t.app.get(ExecuteDrawService);
    const execute = execution.execute;
    execution.execute = async (drawId, actor, dueAt) => {
      await execute.call(execution, drawId, 'sweeper (test)');
      return execute.call(execution, drawId, actor, dueAt);
    };
    try {
      await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200);
    } finally {
      execution.execute = execute;
    }
    expect((await agent.get('/api/draw/get/').query({ id })).body.state).toBe('drawn');
    const audit = await t.query<{ to_state: string; actor: string }>('SELECT to_state, actor FROM draw_audit WHERE draw_id = $1 AND to_state = $2', [id, 'drawn']);
    expect(audit).toEqual([{ to_state: 'drawn', actor: 'sweeper (test)' }]);
  });

  it('moves a draw once when draw now is sent twice at once (a double click): drawn at the first move’s round, its certificate verifies', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    // Both requests check the draw before either changes it: the row is held until both wait to change it.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    const waitingToMove = () => t.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE draw SET schedule_date%'`);
    let answers: request.Response[];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM draw WHERE id = $1 FOR UPDATE', [id]);
      const drawNow = () =>
        agent
          .post('/api/draw/reschedule/')
          .send({ id, immediateDraw: true })
          .then((response) => response);
      const first = drawNow();
      await waitUntil(waitingToMove, ([row]) => row.n === 1, 'the first draw now to wait on the draw', { intervalMs: 20 });
      const second = drawNow();
      await waitUntil(waitingToMove, ([row]) => row.n === 2, 'the second draw now to wait on the draw', { intervalMs: 20 });
      await holder.query('COMMIT');
      answers = await Promise.all([first, second]);
    } finally {
      await holder.end();
    }
    const draw = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    expect(draw.state).toBe('drawn');
    // The second move, made once the first had set the draw's time to its own moment, came after that time: a round
    // already out could be taken that way, and the certificate's log check refuses it.
    const certificate = (await request(t.app.getHttpServer()).get(`/api/certificate/${draw.shortCode}`).expect(200)).body;
    const verified = await verifyDraw(certificate, {}, null);
    expect(verified.checks.filter((check) => !check.ok)).toEqual([]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('does not draw a draw moved to a later time when the job of its earlier time comes due', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: new Date(Date.now() + 6_000).toISOString() });
    const later = inAnHour();
    await agent.post('/api/draw/reschedule/').send({ id, scheduleDate: later, scheduleTimezone: 'Europe/London' }).expect(200);
    const jobsOf = () => t.query<{ due_at: string; state: string }>(`SELECT data->>'dueAt' AS due_at, state::text FROM pgboss.job WHERE name = 'draw-execute' AND data->>'drawId' = $1`, [id]);
    // The earlier time's job runs (pg-boss marks it completed) and leaves the draw as it was.
    const jobs = await waitUntil(jobsOf, (rows) => rows.some((row) => row.due_at !== later && row.state === 'completed'), 'the earlier job to run');
    expect(jobs.find((row) => row.due_at === later)?.state).toBe('created');
    expect((await agent.get('/api/draw/get/').query({ id })).body).toMatchObject({ state: 'scheduled', relevantDate: later });
  });

  it('refuses changes too close to the draw time, as the page hides them', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    await t.query(`UPDATE draw SET schedule_date = now() + interval '500 milliseconds' WHERE id = $1`, [id]);
    const cancel = await agent.post('/api/draw/cancel/').send({ id }).expect(409);
    expect(cancel.body.message).toBe('It is too late to change this draw: it is being drawn.');
    await t.query(`UPDATE draw SET schedule_date = now() - interval '5 seconds' WHERE id = $1`, [id]);
    const drawNow = await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(409);
    expect(drawNow.body.message).toBe('This draw is being drawn now.');
  });

  it("keeps every action to the draw's owner", async () => {
    const { agent } = await customer();
    const id = await submit(agent, { scheduleOption: 1, scheduleDate: inAnHour() });
    const stranger = await customer(false);
    await stranger.agent.post('/api/draw/cancel/').send({ id }).expect(404);
    await stranger.agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(404);
    await stranger.agent
      .post('/api/draw/saveScrutineer/')
      .send({ drawId: id, fields: { firstName: 'A', lastName: 'B', emailAddress: 'a@b.co' } })
      .expect(404);
    await stranger.agent.get(`/download/results/${id}`).expect(404);
    expect((await agent.get('/api/draw/get/').query({ id })).body.state).toBe('scheduled');
  });

  it('saves, shows and removes a scrutineer, and offers earlier ones as prefills', async () => {
    const { agent } = await customer();
    const id = await submit(agent);
    const missing = await agent
      .post('/api/draw/saveScrutineer/')
      .send({ drawId: id, fields: { firstName: 'Sam', lastName: '', emailAddress: 'sam@law.example' } })
      .expect(400);
    expect(missing.body.message).toBe('Please fill in all required fields.');
    // No fields at all is the same refusal.
    for (const body of [{ drawId: id }, { drawId: id, fields: null }, { drawId: id, delete: false }])
      expect((await agent.post('/api/draw/saveScrutineer/').send(body).expect(400)).body.message).toBe('Please fill in all required fields.');
    const scrutineer = { firstName: 'Sam', lastName: 'Lee', emailAddress: 'sam@law.example', qualification: 'Solicitor', notes: 'Present by video' };
    await agent.post('/api/draw/saveScrutineer/').send({ drawId: id, fields: scrutineer }).expect(200);
    expect((await agent.get('/api/draw/get/').query({ id })).body.scrutineer).toEqual(scrutineer);
    expect((await browser(t.app).get('/api/draw/get/').query({ id })).body.scrutineer).toEqual({ ...scrutineer, emailAddress: '', notes: null });
    expect((await agent.get('/api/account/getScrutineerPrefills/').expect(200)).body).toEqual([scrutineer]);
    await agent.post('/api/draw/saveScrutineer/').send({ drawId: id, delete: true }).expect(200);
    expect((await agent.get('/api/draw/get/').query({ id })).body.scrutineer).toBeNull();
  });

  it('looks a draw up by its display id, with the spec messages and a rate limit', async () => {
    const { agent } = await customer();
    const id = await submit(agent);
    const displayId = id.slice(24);
    const spaced = `#${displayId.slice(0, 4)} ${displayId.slice(4, 8)} ${displayId.slice(8).toUpperCase()}`;
    const visitor = browser(t.app, '192.0.2.150');
    expect((await visitor.post('/api/draw/lookupbyid/').send({ lookupId: spaced }).expect(200)).body).toEqual({ id, displayId: displayId.toUpperCase() });
    const invalid = await visitor.post('/api/draw/lookupbyid/').send({ lookupId: '12345' }).expect(400);
    expect(invalid.body.message).toBe('Please enter a valid 12-digit hexadecimal ID.');
    // Whatever is sent instead of an id, the same message.
    for (const lookupId of [undefined, null, 5, ['abcdef123456'], `${'x'.repeat(101)}`])
      expect((await visitor.post('/api/draw/lookupbyid/').send({ lookupId }).expect(400)).body).toEqual({
        message: 'Please enter a valid 12-digit hexadecimal ID.',
        modelState: { lookupId: ['Please enter a valid 12-digit hexadecimal ID.'] },
      });
    const missing = await visitor.post('/api/draw/lookupbyid/').send({ lookupId: '000000000000' }).expect(404);
    expect(missing.body.message).toBe('Draw not found.');
    for (let i = 0; i < 58; i++) await visitor.post('/api/draw/lookupbyid/').send({ lookupId: '000000000000' }).expect(404);
    await visitor.post('/api/draw/lookupbyid/').send({ lookupId: spaced }).expect(429);
  });

  it('exports the results as CSV for the owner, with formula-leading cells escaped', async () => {
    const { agent } = await customer();
    const id = await submit(agent, { prizes: [{ description: '=HYPERLINK("http://evil")', quantity: 2, reserves: 1 }] });
    const csv = await agent.get(`/download/results/${id}`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Prize,Prize description,Winner or reserve,Order,Entry number');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^1,"'=HYPERLINK\(""http:\/\/evil""\)",Winner,1,\d+$/);
    await browser(t.app).get(`/download/results/${id}`).expect(404);
  });
});
