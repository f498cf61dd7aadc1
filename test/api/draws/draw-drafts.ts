import pg from 'pg';
import { browser, linkInLatestMail, outboxFor, registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

describe('drafts and visitor draws given an account (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const wizardState = { step: 'prizes', name: 'Summer promo', prizes: [{ description: 'Car', quantity: 1, reserves: 2 }] };

  it('saves a draft as a draw in state draft, resumable by its owner only, and removed when the draw is submitted', async () => {
    const { agent } = await registeredUser(t.app);
    const saved = await agent.post('/api/draw/saveIncompleteDraw/').send({ name: 'Summer promo', organisation: 'Acme', wizardState }).expect(200);
    const id = saved.body.id as string;
    expect(await t.query('SELECT state, name FROM draw WHERE id = $1', [id])).toEqual([{ state: 'draft', name: 'Summer promo' }]);

    const resumed = await agent.get('/api/draw/getIncompleteDraw/').query({ id }).expect(200);
    expect(resumed.body).toEqual({ id, wizardState });
    await agent
      .post('/api/draw/saveIncompleteDraw/')
      .send({ id, wizardState: { ...wizardState, step: 'time' } })
      .expect(200);
    expect((await agent.get('/api/draw/getIncompleteDraw/').query({ id })).body.wizardState.step).toBe('time');

    const stranger = await registeredUser(t.app);
    await stranger.agent.get('/api/draw/getIncompleteDraw/').query({ id }).expect(404);
    await stranger.agent.post('/api/draw/saveIncompleteDraw/').send({ id, wizardState: {} }).expect(404);
    await browser(t.app).get('/api/draw/getIncompleteDraw/').query({ id }).expect(404);
    await stranger.agent.get('/api/draw/get/').query({ id }).expect(404);

    await agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ draftId: id }))
      .expect(200);
    expect(await t.query('SELECT 1 FROM draw WHERE id = $1', [id])).toEqual([]);
  });

  it('saves a new draft with its audit row or not at all (a failure between the two leaves no draft without its history)', async () => {
    const { agent, email } = await registeredUser(t.app);
    const [{ id: userId }] = await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const drafts = () => t.query('SELECT id FROM draw WHERE owner_user_id = $1', [userId]);
    await t.query(`CREATE FUNCTION test_audit_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the process died here'; END $$`);
    await t.query(`CREATE TRIGGER test_draft_audit BEFORE INSERT ON draw_audit FOR EACH ROW WHEN (NEW.actor = 'user ${userId}') EXECUTE FUNCTION test_audit_fails()`);
    try {
      await agent.post('/api/draw/saveIncompleteDraw/').send({ name: 'Summer promo', organisation: 'Acme', wizardState }).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_draft_audit ON draw_audit');
      await t.query('DROP FUNCTION test_audit_fails()');
    }
    expect(await drafts()).toEqual([]);
    const { id } = (await agent.post('/api/draw/saveIncompleteDraw/').send({ name: 'Summer promo', organisation: 'Acme', wizardState }).expect(200)).body as { id: string };
    expect(await t.query('SELECT actor, to_state, detail FROM draw_audit WHERE draw_id = $1', [id])).toEqual([{ actor: `user ${userId}`, to_state: 'draft', detail: 'saved from the wizard' }]);
  });

  it("lets a visitor's draft be resumed by the same browser session (clientSession)", async () => {
    const visitor = browser(t.app);
    const id = (await visitor.post('/api/draw/saveIncompleteDraw/').send({ wizardState, clientSession: 'tab-visitor-1' }).expect(200)).body.id;
    await visitor.get('/api/draw/getIncompleteDraw/').query({ id, clientSession: 'tab-visitor-1' }).expect(200);
    await visitor.get('/api/draw/getIncompleteDraw/').query({ id, clientSession: 'tab-someone-else' }).expect(404);
  });

  it('forgets drafts after 30 days', async () => {
    const { agent } = await registeredUser(t.app);
    const id = (await agent.post('/api/draw/saveIncompleteDraw/').send({ wizardState }).expect(200)).body.id;
    await t.query(`UPDATE draw SET updated_at = now() - interval '31 days' WHERE id = $1`, [id]);
    await agent.get('/api/draw/getIncompleteDraw/').query({ id }).expect(404);
  });

  it("creates an account for a visitor's draw and links it, refusing an e-mail that has an account", async () => {
    const visitor = browser(t.app);
    const drawId = (
      await visitor
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ clientSession: 'tab-visitor-2' }))
        .expect(200)
    ).body;
    const { email: taken } = await registeredUser(t.app);
    const refused = await visitor.post('/api/draw/createAccountAndLinkDraw/').send({ email: taken, drawId, clientSession: 'tab-visitor-2' }).expect(409);
    expect(refused.body.message).toBe('An account with this email address already exists. Please contact us to associate this draw with your existing account.');
    await browser(t.app).post('/api/draw/createAccountAndLinkDraw/').send({ email: 'thief@example.com', drawId, clientSession: 'tab-other' }).expect(404);

    await visitor.post('/api/draw/createAccountAndLinkDraw/').send({ email: 'new.owner@example.com', drawId, clientSession: 'tab-visitor-2' }).expect(200);
    expect((await outboxFor(t, 'new.owner@example.com')).map((m) => m.subject)).toEqual(['Your FairDraw account: choose a password']);
    const token = /\/account\/resetpassword\/([^/]+)\//.exec(await linkInLatestMail(t, 'new.owner@example.com'))![1];
    await browser(t.app).post('/api/account/resetPassword/').send({ token, password: 'my own password' }).expect(200);
    const owner = browser(t.app);
    await owner.post('/api/account/login/').send({ email: 'new.owner@example.com', password: 'my own password' }).expect(200);
    expect((await owner.get('/api/draw/get/').query({ id: drawId }).expect(200)).body.isOwner).toBe(true);
    // Linked once: a second request finds nothing to link.
    await visitor.post('/api/draw/createAccountAndLinkDraw/').send({ email: 'second@example.com', drawId, clientSession: 'tab-visitor-2' }).expect(404);
  });

  it("gives a visitor's draw one account when two tabs ask at once: the other makes no account and mails nothing", async () => {
    const visitor = browser(t.app);
    const drawId = (
      await visitor
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ clientSession: 'tab-visitor-3' }))
        .expect(200)
    ).body as string;
    const emails = ['first.tab@example.com', 'second.tab@example.com'];
    // Both requests find the draw without an owner before either links it: the row is held until both wait to link it.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    const waitingToLink = () => t.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE draw SET owner_user_id%'`);
    let statuses: number[];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM draw WHERE id = $1 FOR UPDATE', [drawId]);
      const link = (email: string) => visitor.post('/api/draw/createAccountAndLinkDraw/').send({ email, drawId, clientSession: 'tab-visitor-3' });
      const first = link(emails[0]).then((response) => response.status);
      await waitUntil(waitingToLink, ([row]) => row.n === 1, 'the first tab to wait on the draw', { intervalMs: 20 });
      const second = link(emails[1]).then((response) => response.status);
      await waitUntil(waitingToLink, ([row]) => row.n === 2, 'the second tab to wait on the draw', { intervalMs: 20 });
      await holder.query('COMMIT');
      statuses = await Promise.all([first, second]);
    } finally {
      await holder.end();
    }
    expect(statuses).toEqual([200, 404]);
    const accounts = await t.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = ANY($1)', [emails]);
    expect(accounts.map((account) => account.email)).toEqual([emails[0]]);
    expect(await t.query('SELECT owner_user_id FROM draw WHERE id = $1', [drawId])).toEqual([{ owner_user_id: accounts[0].id }]);
    expect(await outboxFor(t, emails[1])).toEqual([]);
    expect(await t.query(`SELECT actor FROM draw_audit WHERE draw_id = $1 AND detail = 'linked to a new account'`, [drawId])).toEqual([{ actor: `visitor, for ${emails[0]}` }]);
  });
});
