import request from 'supertest';
import { browser, registeredUser } from '../../support/accounts.js';
import { drawnNumbers, rerun, simpleDraw, type DrawView } from '../../support/draws.js';
import { DraftService } from '../../../src/draws/application/draft.service.js';
import { apartFromVersionRead, recordSentStatements } from '../../support/sent-statements.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

describe('draws: submit, execute, verify (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', DRAW_SWEEP_SECONDS: '1' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const http = () => request(t.app.getHttpServer());
  const getDraw = async (id: string, agent = http()) => (await agent.get('/api/draw/get/').query({ id }).expect(200)).body as DrawView & Record<string, unknown>;

  it('runs a demo draw now: winners stored, seed published, and a re-run from the seed gives the same winners', async () => {
    const response = await browser(t.app).post('/api/draw/submitdraw/').send(simpleDraw()).expect(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const id = response.body as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const draw = await getDraw(id);
    expect(draw).toMatchObject({
      state: 'drawn',
      isDrawn: true,
      demo: true,
      source: 'web',
      winnerCount: 4,
      reserveCount: 1,
      engineVersion: 'fairdraw-engine/1',
      displayId: id.slice(24).toUpperCase(),
    });
    expect(draw).toMatchObject({ seedScheme: 'beacon/1', waitingFor: null });
    expect(draw.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(draw.seed).toBe(`${draw.serverSeed}${draw.beacon!.randomness}`);
    expect((draw.prizes as unknown as { description: string }[]).map((p) => p.description)).toEqual(['Bike', 'Prize 2']);
    expect(drawnNumbers(draw)).toEqual(rerun(draw));
    const audit = await t.query<{ from_state: string | null; to_state: string }>('SELECT from_state, to_state FROM draw_audit WHERE draw_id = $1 ORDER BY id', [id]);
    expect(audit).toEqual([
      { from_state: null, to_state: 'scheduled' },
      { from_state: 'scheduled', to_state: 'drawn' },
    ]);
  });

  it("removes a draw's winners with the draw, and only its own (the cascade kept by a trigger)", async () => {
    const gone = (await browser(t.app).post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const kept = (await browser(t.app).post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const winnersOf = async (id: string) => (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM draw_winner WHERE draw_id = $1', [id]))[0].n;
    expect([await winnersOf(gone), await winnersOf(kept)]).toEqual([5, 5]);
    await t.query('DELETE FROM draw WHERE id = $1', [gone]);
    expect([await winnersOf(gone), await winnersOf(kept)]).toEqual([0, 5]);
  });

  it.each([
    [{ name: '' }, 'name', 'Please enter the name of the draw.'],
    [{ organisation: '  ' }, 'organisation', 'Please enter the name of the organisation running the draw.'],
    [{ entriesCount: 1 }, 'entriesCount', 'The number of entries must be greater than 1.'],
    [{ entriesCount: 1001 }, 'entriesCount', 'The number of entries can be at most 1,000.'],
    [{ prizes: [] }, 'prizes', 'Please add at least one prize.'],
    [{ prizes: Array.from({ length: 11 }, () => ({ quantity: 1, reserves: 0 })) }, 'prizes', 'A demo draw can have at most 10 prizes.'],
    [{ entriesCount: 3, prizes: [{ quantity: 4, reserves: 0 }] }, 'prizes', 'There are more prizes than entries.'],
    [{ entriesCount: 3, prizes: [{ quantity: 2, reserves: 2 }] }, 'prizes', 'There are more prizes and reserves than entries.'],
    [{ prizes: [{ quantity: 0, reserves: 0 }] }, 'prizes.0.quantity', 'Each prize needs a whole number of winners of at least 1.'],
    [{ scheduleOption: 1 }, 'scheduleDate', 'Please choose the date and time of the draw.'],
    [{ scheduleOption: 1, scheduleDate: new Date(Date.now() - 60_000).toISOString() }, 'scheduleDate', 'Please choose a draw time in the future.'],
    [{ scheduleOption: 1, scheduleDate: new Date(Date.now() + 16 * 60_000).toISOString() }, 'scheduleDate', 'A demo draw must be scheduled within 15 minutes.'],
  ])('refuses %j with the message on %s and stores nothing', async (overrides, field, message) => {
    const before = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM draw');
    const response = await browser(t.app).post('/api/draw/submitdraw/').send(simpleDraw(overrides)).expect(400);
    expect(response.body.modelState[field]).toEqual([message]);
    expect(await t.query('SELECT count(*)::int AS n FROM draw')).toEqual(before);
  });

  it("takes a prize's quantity as 1 and its reserves as 0 when left out (part 1 §3), and still refuses them null", async () => {
    const id = (
      await browser(t.app)
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ prizes: [{ description: 'Bike' }, { quantity: 2 }, { reserves: 1 }] }))
        .expect(200)
    ).body as string;
    const prizes = (await getDraw(id)).prizes as unknown as { description: string; quantity: number; reserves: number }[];
    expect(prizes.map(({ description, quantity, reserves }) => ({ description, quantity, reserves }))).toEqual([
      { description: 'Bike', quantity: 1, reserves: 0 },
      { description: 'Prize 2', quantity: 2, reserves: 0 },
      { description: 'Prize 3', quantity: 1, reserves: 1 },
    ]);
    const refused = await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ prizes: [{ quantity: null, reserves: null }] }))
      .expect(400);
    expect(refused.body.modelState).toEqual({
      'prizes.0.quantity': ['Each prize needs a whole number of winners of at least 1.'],
      'prizes.0.reserves': ['Reserves must be a whole number of 0 or more.'],
    });
  });

  it('needs an account to schedule a paid draw, and to pay', async () => {
    const scheduled = await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(Date.now() + 3_600_000).toISOString() }))
      .expect(400);
    expect(scheduled.body.modelState.scheduleDate).toEqual(['Scheduling a draw requires you to have an account.']);
    await browser(t.app)
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 2 }))
      .expect(403);
  });

  it('spends one credit on a prepaid draw, and refuses clearly without credits, leaving no draw behind', async () => {
    const { agent } = await registeredUser(t.app);
    const none = await agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 2, entriesCount: 5000 }))
      .expect(409);
    expect(none.body.message).toBe('You have no credits left. Please buy a pack of credits or pay for this draw.');
    expect(await t.query(`SELECT 1 FROM draw WHERE state = 'draft'`)).toEqual([]);

    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2, entriesCount: 5000 }))
        .expect(200)
    ).body;
    expect((await getDraw(id, agent)).state).toBe('drawn');
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(9);
    expect(await t.query('SELECT redeemed_for FROM credit WHERE redeemed_date IS NOT NULL')).toEqual([{ redeemed_for: id }]);
  });

  it('pays a single draw by card (an invoice, the credit spent at once), and a declined card makes no draw', async () => {
    const { agent } = await registeredUser(t.app);
    const declined = await agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 0, currency: 'USD', token: 'tok_chargeDeclined' }))
      .expect(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect(await t.query(`SELECT 1 FROM draw WHERE state = 'draft'`)).toEqual([]);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 0, currency: 'USD', token: 'tok_visa' }))
        .expect(200)
    ).body;
    expect((await getDraw(id, agent)).state).toBe('drawn');
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(0);
    expect((await agent.get('/api/account/getInvoices/')).body.invoices[0]).toMatchObject({ description: 'One certified draw', amount: 4000, currency: 'USD' });
  });

  it('answers a retried submission (same idempotencyKey and draw) with the draw the first one made, paid and drawn once', async () => {
    const { agent, email } = await registeredUser(t.app);
    const submitted = (key: string, overrides: Record<string, unknown>) => agent.post('/api/draw/submitdraw/').send(simpleDraw({ idempotencyKey: key, ...overrides }));
    const drawsOfOwner = async () => (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM draw d JOIN users u ON u.id = d.owner_user_id WHERE u.email = $1', [email]))[0].n;
    const inProgress = 'This draw is still being paid for. Please look for it in your draws in a minute before submitting it again.';

    // Bought with the submission: the retry neither charges nor spends the pack's one credit again (it used to say 409).
    const card = { paymentOption: 0, currency: 'USD', token: 'tok_visa' };
    const paid = (await submitted('card-submission-1', card).expect(200)).body as string;
    expect((await submitted('card-submission-1', card).expect(200)).body).toBe(paid);
    // How it pays is not part of the submission: the first request may have spent the last credit.
    expect((await submitted('card-submission-1', { paymentOption: 2 }).expect(200)).body).toBe(paid);
    expect((await agent.get('/api/account/getInvoices/')).body.invoices).toHaveLength(1);
    expect(await drawsOfOwner()).toBe(1);
    // The same key with another draw is another submission, paid for anew.
    expect((await submitted('card-submission-1', { ...card, name: 'Another draw' }).expect(200)).body).not.toBe(paid);
    expect((await agent.get('/api/account/getInvoices/')).body.invoices).toHaveLength(2);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(0);

    // Prepaid, the same request twice at once: one draw and one credit, whichever request made it; the other answers
    // the draw, or (while the first is still paying) that it is being paid for.
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const prepaid = { paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(Date.now() + 3_600_000).toISOString() };
    const both = await Promise.all([submitted('credit-submission-2', prepaid), submitted('credit-submission-2', prepaid)]);
    const made = both.find((response) => response.status === 200)!.body as string;
    for (const response of both) expect(response.status === 200 ? response.body : response.body.message).toBe(response.status === 200 ? made : inProgress);
    expect(await drawsOfOwner()).toBe(3);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(9);

    // A first request that died after spending the credit, before the draw was scheduled: the retry pays nothing
    // more (the draft sweep gives that credit back, see below).
    await t.query(`UPDATE draw SET state = 'draft' WHERE id = $1`, [made]);
    expect((await submitted('credit-submission-2', prepaid).expect(409)).body.message).toBe(inProgress);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(9);
    expect(await drawsOfOwner()).toBe(3);

    // Another key, or the same key with another draw (edited after a lost answer), is another submission.
    const other = (await submitted('credit-submission-3', prepaid).expect(200)).body as string;
    const edited = (await submitted('credit-submission-3', { ...prepaid, name: 'Edited name' }).expect(200)).body as string;
    expect(new Set([made, other, edited]).size).toBe(3);
    expect(await drawsOfOwner()).toBe(5);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(7);
  });

  it('gives back the credit of a submission left unpaid an hour (its request died), and removes only such drafts', async () => {
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const later = { paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(Date.now() + 3_600_000).toISOString() };
    const [abandoned, recent] = [
      (await agent.post('/api/draw/submitdraw/').send(simpleDraw(later)).expect(200)).body as string,
      (await agent.post('/api/draw/submitdraw/').send(simpleDraw(later)).expect(200)).body as string,
    ];
    const saved = (
      await agent
        .post('/api/draw/saveIncompleteDraw/')
        .send({ wizardState: { step: 'name' } })
        .expect(200)
    ).body.id as string;
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(8);
    // Both submissions as if their process had died after spending the credit; one of them two hours ago.
    await t.query(`UPDATE draw SET state = 'draft' WHERE id = ANY($1)`, [[abandoned, recent]]);
    await t.query(`UPDATE draw SET updated_at = now() - interval '2 hours' WHERE id = ANY($1)`, [[abandoned, saved]]);
    await t.app.get(DraftService).sweep();
    await t.app.get(DraftService).sweep();
    const left = await t.query<{ id: string }>('SELECT id FROM draw WHERE id = ANY($1) ORDER BY id', [[abandoned, recent, saved]]);
    expect(left.map((row) => row.id)).toEqual([recent, saved].sort());
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(9);
  });

  it('keeps the seed secret until a scheduled draw is drawn at its time', async () => {
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const at = new Date(Date.now() + 4_000);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2, scheduleOption: 1, scheduleDate: at.toISOString() }))
        .expect(200)
    ).body;
    const before = await getDraw(id, agent);
    expect(before).toMatchObject({ state: 'scheduled', seed: null, serverSeed: null, relevantDate: at.toISOString(), scheduleDate: at.toISOString() });
    expect(before.beacon).toMatchObject({ independent: false, scheme: 'bls-unchained-g1-rfc9380', randomness: null, signature: null });
    expect(Date.parse((before.beacon as unknown as { roundTime: string }).roundTime)).toBeGreaterThanOrEqual(at.getTime());
    expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);
    let after = before;
    while (after.state !== 'drawn') after = await getDraw(id, agent);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(after.seedHash).toBe(before.seedHash);
    expect(drawnNumbers(after)).toEqual(rerun(after));
  });

  it('marks a test API key draw as test, on its public certificate too, and charges nothing', async () => {
    const { agent, email } = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [email]);
    const key = (await agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key;
    const id = (
      await http()
        .post('/api/draw/submitdraw/')
        .set('Authorization', `Bearer ${key}`)
        .send(simpleDraw({ paymentOption: 2 }))
        .expect(200)
    ).body;
    const draw = (await http().get('/api/draw/get/').query({ id }).set('Authorization', `Bearer ${key}`).expect(200)).body;
    expect(draw).toMatchObject({ source: 'test', state: 'drawn', isOwner: true });
    // Free, so not certified: its certificate says so, as a demo's does.
    expect((await http().get(`/api/certificate/${draw.shortCode}`).expect(200)).body).toMatchObject({ test: true, demo: false });
  });

  it("shows other people a draw without its owner's rows, and no one another's draft", async () => {
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2 }))
        .expect(200)
    ).body;
    expect((await getDraw(id, agent)).isOwner).toBe(true);
    const stranger = await getDraw(id, browser(t.app));
    expect(stranger).toMatchObject({ isOwner: false, errorMessage: null });
    await http().get('/api/draw/get/').query({ id: '00000000-0000-4000-8000-000000000000' }).expect(404);
  });

  it("takes the spec's get call whole: the id and its optional branding flag", async () => {
    const id = (await browser(t.app).post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    for (const branding of ['true', 'false']) expect((await http().get('/api/draw/get/').query({ id, branding }).expect(200)).body).toMatchObject({ id });
    expect((await http().get('/api/draw/get/').query({ id, branding: 'blue' }).expect(400)).body.modelState).toHaveProperty('branding');
  });

  it('reads a signed-in draw detail in one statement, the session with its user, while the draw is unchanged, and sees each change (issue 26)', async () => {
    const { agent } = await registeredUser(t.app);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Kept view' }))
        .expect(200)
    ).body as string;
    const statements = recordSentStatements();
    const sentFor = async () => {
      const response = await agent.get('/api/draw/get/').query({ id }).expect(200);
      return { draw: response.body as DrawView & { isOwner: boolean; name: string }, sent: apartFromVersionRead(statements.sentFor(response.headers['x-request-id'] as string)) };
    };
    try {
      // The first request reads the draw (and its version); the draw's drawing, when it comes after, changes both.
      await waitUntil(sentFor, ({ sent }) => sent.length === 1, 'a draw detail read with the session statement alone');
      const { draw, sent } = await sentFor();
      expect(draw).toMatchObject({ isOwner: true, name: 'Kept view', state: 'drawn' });
      expect(sent).toHaveLength(1);
      expect(sent[0].text).toMatch(/FROM session s\s+LEFT JOIN users u/);

      // A change made elsewhere (another process, or SQL) reaches the page through the version's notification.
      await t.query(`UPDATE draw SET name = 'Kept view, renamed' WHERE id = $1`, [id]);
      await waitUntil(sentFor, ({ draw: seen }) => seen.name === 'Kept view, renamed', 'the renamed draw');
      // And a change this process makes is seen on the next request.
      await agent
        .post('/api/draw/saveScrutineer')
        .send({ drawId: id, fields: { firstName: 'Sam', lastName: 'Scrutineer', emailAddress: 'sam@scrutineer.example' } })
        .expect(200);
      expect(((await sentFor()).draw as unknown as { scrutineer: { firstName: string } | null }).scrutineer).toMatchObject({ firstName: 'Sam' });
    } finally {
      statements.stop();
    }
  });
});
