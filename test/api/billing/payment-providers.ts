import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import Stripe from 'stripe';
import request from 'supertest';
import { DRAW_MESSAGES } from '#rules';
import { roundTime } from '#rng';
import { decodeEntry } from '#transparency-log';
import { verifyDraw } from '../../../src/certificates/domain/verify-draw.js';
import { PendingPaymentsSweeper } from '../../../src/billing/application/pending-payments-sweeper.js';
import { PayPalWalletGateway } from '../../../src/billing/infrastructure/paypal-wallet-gateway.adapter.js';
import { createStripeClient, StripeCardGateway } from '../../../src/billing/infrastructure/stripe-card-gateway.adapter.js';
import { DraftService } from '../../../src/draws/application/draft.service.js';
import type TestAgent from 'supertest/lib/agent.js';
import { registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { type HttpStub, sendJson, startHttpStub } from '../../support/http-stub.js';
import { PAYPAL_CLIENT_ID, PAYPAL_SECRET, startPayPalStandIn, type PayPalStandIn } from '../../support/paypal-stand-in.js';
import { AUTHENTICATION_FAILED, startStripeStandIn, type StripeIntent, type StripeStandIn } from '../../support/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

describe('Stripe card adapter against the local Stripe stand-in', () => {
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });

  afterAll(async () => {
    await stripe.close();
  });

  const gateway = () => new StripeCardGateway(createStripeClient({ secretKey: 'sk_test_stand_in', apiUrl: stripe.url }));

  it('confirms a PaymentIntent with the amount in minor units, the currency and an idempotency key', async () => {
    const result = await gateway().charge({ amount: 30000, currency: 'AUD', token: 'pm_card_visa', idempotencyKey: 'pay-1', paymentId: 'pay-1', description: 'Pack of 10 draw credits' });
    expect(result).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^pi_stand_in_/) });
    const create = stripe.requests.find((r) => r.url === '/v1/payment_intents')!;
    expect(Object.fromEntries(new URLSearchParams(create.body))).toMatchObject({ amount: '30000', currency: 'aud', payment_method: 'pm_card_visa', confirm: 'true', 'metadata[payment_id]': 'pay-1' });
    expect(create.headers['idempotency-key']).toBe('pay-1');
    expect(create.headers.authorization).toBe('Bearer sk_test_stand_in');
    // A retry with the same key gets the same PaymentIntent: one charge.
    expect(await gateway().charge({ amount: 30000, currency: 'AUD', token: 'pm_card_visa', idempotencyKey: 'pay-1', paymentId: 'pay-1', description: 'x' })).toEqual(result);
  });

  it("maps each PaymentIntent state: a card_error declines with Stripe's message, processing and requires_action stay open", async () => {
    expect(await gateway().charge({ amount: 4000, currency: 'USD', token: 'pm_card_chargeDeclined', idempotencyKey: 'pay-2', paymentId: 'pay-2', description: 'x' })).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
      reference: expect.stringMatching(/^pi_stand_in_/),
    });
    const processing = await gateway().charge({ amount: 4000, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'pay-3', paymentId: 'pay-3', description: 'x' });
    expect(processing).toEqual({ status: 'processing', reference: expect.stringMatching(/^pi_stand_in_/) });
    const action = await gateway().charge({ amount: 4000, currency: 'USD', token: 'pm_card_threeDSecure2Required', idempotencyKey: 'pay-4', paymentId: 'pay-4', description: 'x' });
    expect(action).toEqual({ status: 'requires_action', reference: expect.stringMatching(/^pi_stand_in_/), clientSecret: expect.stringContaining('_secret_') });
    const intent = stripe.intents.get((action as { reference: string }).reference)!;
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED } });
    expect(await gateway().status(intent.id)).toEqual({ status: 'declined', message: AUTHENTICATION_FAILED, reference: intent.id });
  });
});

describe('Stripe through the app: every PaymentIntent state, signed webhooks in either order, replays, forgeries, the sweep', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  const webhookSecret = 'whsec_test_secret';

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({
      env: { TRUST_PROXY: 'loopback', STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in', STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: webhookSecret },
    });
    stripe.webhook = { url: `${await t.listen()}/api/billing/stripeWebhook/`, secret: webhookSecret };
  });

  afterEach(() => {
    stripe.beforeAnswer = undefined;
  });

  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const paymentsOf = (email: string) =>
    t.query<{ id: string; status: string; gateway_reference: string; decline_message: string | null }>(
      'SELECT id, status, gateway_reference, decline_message FROM payment WHERE user_id = (SELECT id FROM users WHERE email = $1) ORDER BY created_at',
      [email],
    );
  const credits = async (agent: TestAgent) => (await agent.get('/api/account/get/')).body.remainingCredits as number;
  const mailTo = async (email: string, subject: string) =>
    (await waitUntil(
      async () => t.mailbox!.received.find((mail) => mail.to.includes(email) && mail.subject === subject),
      (mail) => mail !== undefined,
      `the mail "${subject}" to ${email}`,
    ))!;
  const post = (intent: StripeIntent, type: string) => {
    const { payload, signature } = stripe.event(type, intent);
    return fetch(stripe.webhook!.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
  };

  it('buys credits through Stripe, and a replayed success webhook adds nothing', async () => {
    const { agent, email } = await registeredUser(t.app);
    const bought = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_visa' }).expect(200);
    expect(bought.body.remainingCredits).toBe(10);
    const [payment] = await paymentsOf(email);
    for (let replay = 0; replay < 3; replay++) expect((await post(stripe.intents.get(payment.gateway_reference)!, 'payment_intent.succeeded')).status).toBe(200);
    expect(await credits(agent)).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
  });

  it('commits a paid draw made to run now before the beacon round that decides it, however long its payment took', async () => {
    const { agent } = await registeredUser(t.app);
    const server = request(t.app.getHttpServer());
    // The charge is answered only once the round the draw would have had, from when the request arrived, is out.
    stripe.beforeAnswer = async () => {
      const [draft] = await t.query<{ chain: string; round: number }>(
        `SELECT beacon->>'chainHash' AS chain, beacon_round AS round FROM draw WHERE state = 'draft' AND wizard_state IS NULL ORDER BY created_at DESC LIMIT 1`,
      );
      await waitUntil(
        () => server.get(`/api/beacon/${draft.chain}/public/${draft.round}`),
        (answer) => answer.status === 200,
        'the round to be published',
        { intervalMs: 50 },
      );
    };
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 0, currency: 'USD', token: 'pm_card_visa' }))
        .expect(200)
    ).body as string;
    const draw = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    expect(draw.state).toBe('drawn');
    const { entries } = (await server.get('/api/log/entries').query({ start: 0, end: 1000 }).expect(200)).body as { entries: { entry: string }[] };
    const committed = entries.map((e) => decodeEntry(e.entry)).find((e) => e?.drawId === id && e.kind === 'committed');
    // The server seed's commitment is public only from this entry: it must come before the randomness it is mixed with.
    expect(committed?.kind === 'committed' && Date.parse(committed.at)).toBeLessThan(roundTime(draw.beacon, draw.beacon.round) * 1000);
    const certificate = (await server.get(`/api/certificate/${draw.shortCode}`).expect(200)).body;
    const verified = await verifyDraw(certificate, {}, null);
    expect(verified.checks.filter((check) => !check.ok)).toEqual([]);
  });

  it('keeps a processing payment pending, fulfils it once on payment_intent.succeeded after the answer, and e-mails the customer', async () => {
    const { agent, email } = await registeredUser(t.app);
    const answer = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'processing-1' }).expect(409);
    expect(answer.body).toEqual({ message: 'Your payment is still being processed. We will e-mail you when it completes; your credits appear then.' });
    const [pending] = await paymentsOf(email);
    expect(pending).toMatchObject({ status: 'pending', gateway_reference: expect.stringMatching(/^pi_stand_in_/) });
    expect(await credits(agent)).toBe(0);

    expect(await stripe.settle(pending.gateway_reference, 'succeeded')).toBe(200);
    expect(await credits(agent)).toBe(10);
    expect((await mailTo(email, 'Your FairDraw payment went through')).text).toContain('Pack of 10 draw credits');
    // A replay, and the same request again, add nothing.
    expect((await post(stripe.intents.get(pending.gateway_reference)!, 'payment_intent.succeeded')).status).toBe(200);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'processing-1' }).expect(200);
    expect(await credits(agent)).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
  });

  it.each(['payment_failed', 'canceled'] as const)('declines a processing payment on payment_intent.%s: no credits, no invoice, the customer told', async (outcome) => {
    const { agent, email } = await registeredUser(t.app);
    await agent
      .post('/api/account/buycredits/')
      .send({ paymentOption: 3, currency: 'USD', token: 'pm_card_processing', idempotencyKey: `fail-${outcome}` })
      .expect(409);
    const [pending] = await paymentsOf(email);
    expect(await stripe.settle(pending.gateway_reference, outcome)).toBe(200);
    expect((await paymentsOf(email))[0].status).toBe('declined');
    expect((await mailTo(email, 'Your FairDraw payment did not go through')).text).toContain('did not go through');
    // The same request again answers the decline; a late success event for it pays nothing.
    const again = await agent
      .post('/api/account/buycredits/')
      .send({ paymentOption: 3, currency: 'USD', token: 'pm_card_processing', idempotencyKey: `fail-${outcome}` })
      .expect(402);
    expect(again.body.message).toBe(outcome === 'canceled' ? 'The payment was cancelled.' : 'Your card was declined.');
    expect((await post(stripe.intents.get(pending.gateway_reference)!, 'payment_intent.succeeded')).status).toBe(200);
    expect(await credits(agent)).toBe(0);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(0);
  });

  it("settles by the webhook that arrives before the request's own answer: success fulfils once, failure declines", async () => {
    const { agent, email } = await registeredUser(t.app);
    stripe.beforeAnswer = async (intent) => {
      Object.assign(intent, { status: 'succeeded' });
      expect((await post(intent, 'payment_intent.succeeded')).status).toBe(200);
      // The request's own answer still says "processing": it was sent before the charge went through.
      Object.assign(intent, { status: 'processing' });
    };
    const bought = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing' }).expect(200);
    expect(bought.body.remainingCredits).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);

    stripe.beforeAnswer = async (intent) => {
      expect(
        (
          await post(
            { ...intent, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' } },
            'payment_intent.payment_failed',
          )
        ).status,
      ).toBe(200);
    };
    const declined = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing' }).expect(402);
    expect(declined.body).toEqual({ message: 'Your card has insufficient funds.' });
    expect((await paymentsOf(email)).map((payment) => payment.status)).toEqual(['succeeded', 'declined']);
    expect(await credits(agent)).toBe(10);
  });

  it('answers 3-D Secure with the client secret, then completes the same request once; a failed challenge pays nothing', async () => {
    const { agent, email } = await registeredUser(t.app);
    const request = { paymentOption: 1, currency: 'USD', token: 'pm_card_threeDSecure2Required', idempotencyKey: 'three-ds-ok' };
    const asked = await agent.post('/api/account/buycredits/').send(request).expect(402);
    expect(asked.body).toEqual({ message: 'Your bank asks you to confirm this payment.', clientSecret: expect.stringContaining('_secret_') });
    const intentId = asked.body.clientSecret.split('_secret_')[0];
    expect(await credits(agent)).toBe(0);
    expect((await fetch(`${stripe.url}/v1/payment_intents/${intentId}/challenge/complete`, { method: 'POST' })).status).toBe(200);
    expect((await agent.post('/api/account/buycredits/').send(request).expect(200)).body.remainingCredits).toBe(10);
    // Stripe's own event, and the request once more, change nothing.
    expect((await post(stripe.intents.get(intentId)!, 'payment_intent.succeeded')).status).toBe(200);
    await agent.post('/api/account/buycredits/').send(request).expect(200);
    expect(await credits(agent)).toBe(10);

    const failing = { ...request, idempotencyKey: 'three-ds-failed' };
    const challenged = await agent.post('/api/account/buycredits/').send(failing).expect(402);
    await fetch(`${stripe.url}/v1/payment_intents/${challenged.body.clientSecret.split('_secret_')[0]}/challenge/fail`, { method: 'POST' });
    expect((await agent.post('/api/account/buycredits/').send(failing).expect(402)).body).toEqual({ message: AUTHENTICATION_FAILED });
    expect((await paymentsOf(email)).map((payment) => payment.status)).toEqual(['succeeded', 'declined']);
    expect(await credits(agent)).toBe(10);
  });

  it('fulfils a payment the webhook confirms after the request failed midway', async () => {
    const { agent, email } = await registeredUser(t.app);
    const userId = (await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
    // A payment recorded before the charge, whose request never got Stripe's answer (a crash, a timeout): no
    // PaymentIntent id was stored, so only the payment id the charge carried in its metadata finds it.
    const [{ id: paymentId }] = await t.query<{ id: string }>(
      `INSERT INTO payment (user_id, payment_option, currency, amount, method, gateway, idempotency_key, status)
       VALUES ($1, 1, 'USD', 24000, 'card', 'stripe', 'lost-1', 'pending') RETURNING id`,
      [userId],
    );
    const intent = (metadata: Record<string, string>) => ({ ...stripe.intents.values().next().value!, id: 'pi_lost_1', metadata, status: 'succeeded' as const });
    // Another payment's id, or none, finds nothing.
    for (const metadata of [{} as Record<string, string>, { payment_id: '00000000-0000-4000-8000-000000000000' }]) expect((await post(intent(metadata), 'payment_intent.succeeded')).status).toBe(200);
    expect(await credits(agent)).toBe(0);
    expect((await post(intent({ payment_id: paymentId }), 'payment_intent.succeeded')).status).toBe(200);
    expect(await credits(agent)).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
    expect(await t.query('SELECT status, gateway_reference FROM payment WHERE id = $1', [paymentId])).toEqual([{ status: 'succeeded', gateway_reference: 'pi_lost_1' }]);
  });

  it('logs a charge that matches no payment for the operator, and answers Stripe so that it stops retrying', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error');
    try {
      const stray = { ...stripe.intents.values().next().value!, id: 'pi_nobody_9', metadata: {}, amount: 1234, currency: 'usd', status: 'succeeded' as const };
      expect((await post(stray, 'payment_intent.succeeded')).status).toBe(200);
      expect(logged.mock.calls.map(([message]) => String(message))).toContainEqual(expect.stringMatching(/^Unmatched card charge: payment_intent\.succeeded for pi_nobody_9 \(1234 usd, event evt_/));
    } finally {
      logged.mockRestore();
    }
  });

  it('refuses unsigned, forged and tampered events, changing nothing', async () => {
    const { agent, email } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing' }).expect(409);
    const [pending] = await paymentsOf(email);
    const { payload, signature } = stripe.event('payment_intent.succeeded', { ...stripe.intents.get(pending.gateway_reference)!, status: 'succeeded' });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const tampered = payload.replace('"amount":24000', '"amount":1');
    for (const [body, header] of [
      [payload, undefined],
      [payload, forged],
      [tampered, signature],
      [payload, 't=1,v1=00'],
    ] as const) {
      const request = agent.post('/api/billing/stripeWebhook/').set('Content-Type', 'application/json');
      const response = await (header ? request.set('Stripe-Signature', header) : request).send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Invalid signature.' });
    }
    expect((await paymentsOf(email))[0].status).toBe('pending');
    expect(await credits(agent)).toBe(0);
  });

  it('refuses a correctly signed event of an unexpected shape with 400, changing no payment', async () => {
    const { agent, email } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing' }).expect(409);
    const [pending] = await paymentsOf(email);
    const intent = { ...stripe.intents.get(pending.gateway_reference)!, status: 'succeeded' as const };
    const allPayments = () => t.query('SELECT id, status, gateway_reference, decline_message, fulfilled_at FROM payment ORDER BY id');
    const before = await allPayments();
    const event = (overrides: Record<string, unknown>) => ({ id: 'evt_odd_1', object: 'event', type: 'payment_intent.succeeded', data: { object: intent }, livemode: false, ...overrides });
    const { id: _id, ...withoutId } = intent;
    // Event types that are Object.prototype's keys settle nothing: answered as any event the service does not act on.
    for (const type of ['constructor', '__proto__', 'toString']) {
      const payload = JSON.stringify(event({ type }));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const response = await fetch(stripe.webhook!.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
      expect({ type, status: response.status }).toEqual({ type, status: 200 });
      expect(await allPayments()).toEqual(before);
    }
    const answers: { payload: string; status: number; body: unknown }[] = [];
    for (const body of [
      event({ data: {} }),
      event({ data: null }),
      event({ data: undefined }),
      event({ data: { object: null } }),
      event({ data: { object: 'pi_x' } }),
      event({ data: { object: [intent] } }),
      event({ data: { object: withoutId } }),
      event({ data: { object: { ...intent, id: { $ne: '' } } } }),
      event({ data: { object: { ...intent, id: '' } } }),
      event({ data: { object: { ...intent, object: 'charge' } } }),
      event({ data: { object: { ...intent, id: 'pi_unknown', metadata: { payment_id: [pending.id] } } } }),
      event({ type: 'payment_intent.payment_failed', data: { object: { ...intent, last_payment_error: { message: { text: 'x' } } } } }),
      event({ type: ['payment_intent.succeeded'] }),
      event({ id: 42 }),
      null,
      [],
      'payment_intent.succeeded',
    ]) {
      const payload = JSON.stringify(body);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const response = await fetch(stripe.webhook!.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
      answers.push({ payload, status: response.status, body: await response.json() });
    }
    expect(answers).toEqual(answers.map(({ payload }) => ({ payload, status: 400, body: { message: 'Unexpected event.' } })));
    expect(await allPayments()).toEqual(before);
    expect(await credits(agent)).toBe(0);
  });

  it('sweeps a payment that never settles after PENDING_PAYMENT_SWEEP_HOURS: asked once more, then marked failed, reported and the customer told', async () => {
    const { agent, email } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'never-0001' }).expect(409);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 3, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'late-00001' }).expect(409);
    const [never, late] = await paymentsOf(email);
    const sweeper = t.app.get(PendingPaymentsSweeper);
    // Younger than the sweep time: left alone.
    await sweeper.sweep();
    expect((await paymentsOf(email)).map((payment) => payment.status)).toEqual(['pending', 'pending']);

    await t.query(`UPDATE payment SET created_at = now() - interval '73 hours' WHERE id = ANY($1)`, [[never.id, late.id]]);
    // Stripe says the second one succeeded after all (its event never came): it is fulfilled; the first is given up.
    Object.assign(stripe.intents.get(late.gateway_reference)!, { status: 'succeeded' });
    const logged = jest.spyOn(Logger.prototype, 'error');
    try {
      await sweeper.sweep();
      expect(logged.mock.calls.map(([message]) => String(message))).toContainEqual(expect.stringContaining(`Pending payment ${never.id} (${never.gateway_reference}) did not settle within 72 hours`));
    } finally {
      logged.mockRestore();
    }
    expect(await paymentsOf(email)).toEqual([
      expect.objectContaining({ id: never.id, status: 'failed', decline_message: 'Your bank did not confirm the payment in time, so it was cancelled.' }),
      expect.objectContaining({ id: late.id, status: 'succeeded' }),
    ]);
    expect(await credits(agent)).toBe(100);
    expect((await mailTo(email, 'Your FairDraw payment did not go through')).text).toContain('did not confirm the payment in time');
    expect((await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'never-0001' }).expect(402)).body.message).toBe(
      'Your bank did not confirm the payment in time, so it was cancelled.',
    );
  });

  it('tells the customer about a swept payment without the typed first name: the address may be anyone’s, unconfirmed', async () => {
    // Anyone can register any address and leave a payment unconfirmed (3-D Secure abandoned): the sweep mails it.
    const bait = 'Alex,\n\nyour account is locked. Verify it at https://fairdraw-verify.example.net\n\n--';
    const { agent, email } = await registeredUser(t.app, { firstName: bait });
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'unconfirmed-1' }).expect(409);
    const [pending] = await paymentsOf(email);
    await t.query(`UPDATE payment SET created_at = now() - interval '73 hours' WHERE id = $1`, [pending.id]);
    await t.app.get(PendingPaymentsSweeper).sweep();
    const mail = await mailTo(email, 'Your FairDraw payment did not go through');
    expect(mail.text).toMatch(/^Hello,\n\nyour payment for "Pack of 10 draw credits" did not go through/);
    expect(mail.text).not.toContain('fairdraw-verify');
  });

  it('answers a success event it could not fulfil with an error, so that Stripe sends it again, and fulfils it once then', async () => {
    const { agent, email } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing', idempotencyKey: 'unfulfilled-1' }).expect(409);
    const [pending] = await paymentsOf(email);
    // The invoice cannot be written (a failing disk, a lost connection): the fulfilment's transaction rolls back.
    await t.query('ALTER TABLE invoice ADD CONSTRAINT invoice_refuses_writes CHECK (false) NOT VALID');
    try {
      expect(await stripe.settle(pending.gateway_reference, 'succeeded')).toBe(500);
    } finally {
      await t.query('ALTER TABLE invoice DROP CONSTRAINT invoice_refuses_writes');
    }
    expect(await credits(agent)).toBe(0);
    // Stripe's next delivery of the same event.
    expect((await post(stripe.intents.get(pending.gateway_reference)!, 'payment_intent.succeeded')).status).toBe(200);
    expect(await credits(agent)).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
    expect((await post(stripe.intents.get(pending.gateway_reference)!, 'payment_intent.succeeded')).status).toBe(200);
    expect(await credits(agent)).toBe(10);
  });

  it('goes on sweeping when one payment that succeeded cannot be fulfilled, and reports that one for the operator', async () => {
    const { agent, email } = await registeredUser(t.app);
    for (const key of ['sweep-fail-1', 'sweep-fail-2']) {
      await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_processing', idempotencyKey: key }).expect(409);
    }
    const [first, second] = await paymentsOf(email);
    // The first is swept first.
    await t.query(`UPDATE payment SET created_at = now() - CASE WHEN id = $1 THEN interval '74 hours' ELSE interval '73 hours' END WHERE id = ANY($2)`, [first.id, [first.id, second.id]]);
    Object.assign(stripe.intents.get(first.gateway_reference)!, { status: 'succeeded' });
    await t.query('ALTER TABLE invoice ADD CONSTRAINT invoice_refuses_writes CHECK (false) NOT VALID');
    const logged = jest.spyOn(Logger.prototype, 'error');
    try {
      await t.app.get(PendingPaymentsSweeper).sweep();
      expect(logged.mock.calls.map(([message]) => String(message))).toContainEqual(
        expect.stringMatching(new RegExp(`^Payment ${first.id} \\(${first.gateway_reference}\\) succeeded at the provider but could not be settled: .*; fulfil it by hand$`)),
      );
    } finally {
      logged.mockRestore();
      await t.query('ALTER TABLE invoice DROP CONSTRAINT invoice_refuses_writes');
    }
    expect((await paymentsOf(email)).map((payment) => payment.status)).toEqual(['succeeded', 'failed']);
  });

  describe('a paid submission whose draft the hourly sweep takes for abandoned while it is being paid', () => {
    // The sweep clears a submission's draft an hour old (its request died): here the request is still going. The
    // hour is made up by dating the draft back while Stripe is being asked.
    const paidLater = () => simpleDraw({ paymentOption: 0, currency: 'USD', token: 'pm_card_visa', scheduleOption: 1, scheduleDate: new Date(Date.now() + 3_600_000).toISOString() });
    const ofOwner = async (email: string) => ({
      draws: await t.query<{ id: string; state: string }>('SELECT d.id, d.state FROM draw d JOIN users u ON u.id = d.owner_user_id WHERE u.email = $1', [email]),
      refunds: (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_pack p JOIN users u ON u.id = p.user_id WHERE u.email = $1 AND p.kind = 'refund'`, [email]))[0].n,
      payments: (await paymentsOf(email)).map((payment) => payment.status),
    });
    const draftOf = async (email: string) => (await t.query<{ id: string }>(`SELECT d.id FROM draw d JOIN users u ON u.id = d.owner_user_id WHERE u.email = $1 AND d.state = 'draft'`, [email]))[0].id;

    it('swept before the payment completed: no draw is answered that does not exist, and the credit paid for is back once', async () => {
      const { agent, email } = await registeredUser(t.app);
      stripe.beforeAnswer = async () => {
        await t.query(`UPDATE draw SET updated_at = now() - interval '2 hours' WHERE id = $1`, [await draftOf(email)]);
        await t.app.get(DraftService).sweep();
      };
      const answer = await agent.post('/api/draw/submitdraw/').send(paidLater()).expect(409);
      expect(answer.body.message).toBe(DRAW_MESSAGES.submissionExpired);
      expect(await ofOwner(email)).toEqual({ draws: [], refunds: 1, payments: ['succeeded'] });
      expect(await credits(agent)).toBe(1);
      await t.app.get(DraftService).sweep();
      expect(await credits(agent)).toBe(1);
    });

    it('scheduled while the sweep was clearing it: the draw stands and its credit is not given back', async () => {
      const { agent, email } = await registeredUser(t.app);
      // Another session holds the draft's row, so that the request stops where it schedules the draw, after it spent
      // the credit; the sweep then runs, and the row is let go.
      const holder = new pg.Client({ connectionString: t.databaseUrl });
      await holder.connect();
      try {
        let draft = '';
        stripe.beforeAnswer = async () => {
          draft = await draftOf(email);
          await t.query(`UPDATE draw SET updated_at = now() - interval '2 hours' WHERE id = $1`, [draft]);
          await holder.query('BEGIN');
          await holder.query('SELECT 1 FROM draw WHERE id = $1 FOR UPDATE', [draft]);
        };
        const submitted = agent
          .post('/api/draw/submitdraw/')
          .send(paidLater())
          .then((response) => response);
        const waiters = () =>
          t.query<{ query: string }>(`SELECT query FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND (query LIKE 'UPDATE draw SET state%' OR query LIKE 'DELETE FROM draw%')`);
        await waitUntil(waiters, (rows) => rows.length === 1, 'the request waiting to schedule its draw');
        const sweeping = t.app.get(DraftService).sweep();
        await waitUntil(
          async () => ({ waiting: (await waiters()).length, refunds: (await ofOwner(email)).refunds }),
          ({ waiting, refunds }) => waiting === 2 || refunds > 0,
          'the sweep at the draft',
        );
        await holder.query('COMMIT');
        const answer = await submitted;
        await sweeping;
        expect(answer.status).toBe(200);
        expect(await ofOwner(email)).toEqual({ draws: [{ id: draft, state: 'scheduled' }], refunds: 0, payments: ['succeeded'] });
        expect(await credits(agent)).toBe(0);
      } finally {
        await holder.end();
      }
    });
  });
});

describe('PayPal wallet adapter against a local PayPal REST stub', () => {
  let stub: HttpStub;

  beforeAll(async () => {
    stub = await startHttpStub((request, response) => {
      if (request.url === '/v1/oauth2/token') {
        const ok = request.headers.authorization === `Basic ${Buffer.from('client-id:client-secret').toString('base64')}` && request.body === 'grant_type=client_credentials';
        return ok ? sendJson(response, 200, { access_token: 'A21-token', token_type: 'Bearer', expires_in: 32400 }) : sendJson(response, 401, { error: 'invalid_client' });
      }
      if (request.headers.authorization !== 'Bearer A21-token') return sendJson(response, 401, { name: 'AUTHENTICATION_FAILURE' });
      if (request.url === '/v1/payments/payment') {
        const body = JSON.parse(request.body);
        return sendJson(response, 201, { id: 'PAYID-STUB-1', state: 'created', transactions: body.transactions, links: [{ rel: 'approval_url', href: 'https://paypal.example/approve' }] });
      }
      if (request.url === '/v1/payments/payment/PAYID-STUB-1/execute') {
        const { payer_id } = JSON.parse(request.body);
        if (payer_id !== 'PAYER-OK') return sendJson(response, 400, { name: 'PAYER_ACTION_REQUIRED', message: 'Payer has not approved payment' });
        return sendJson(response, 200, { id: 'PAYID-STUB-1', state: 'approved', transactions: [{ related_resources: [{ sale: { id: 'SALE-STUB-9', state: 'completed' } }] }] });
      }
      sendJson(response, 404, { name: 'NOT_FOUND' });
    });
  });

  afterAll(async () => {
    await stub.close();
  });

  const gateway = () => new PayPalWalletGateway({ clientId: 'client-id', secret: 'client-secret', apiUrl: stub.url, returnUrl: 'https://fairdraw.test/ok', cancelUrl: 'https://fairdraw.test/no' });

  it('creates a sale payment with the amount as PayPal writes it and an idempotency header', async () => {
    const id = await gateway().createPayment({ amount: 30000, currency: 'AUD', description: 'Pack of 10 draw credits', idempotencyKey: 'pay-9' });
    expect(id).toBe('PAYID-STUB-1');
    const create = stub.requests.find((r) => r.url === '/v1/payments/payment')!;
    expect(JSON.parse(create.body)).toMatchObject({
      intent: 'sale',
      payer: { payment_method: 'paypal' },
      transactions: [{ amount: { total: '300.00', currency: 'AUD' } }],
      redirect_urls: { return_url: 'https://fairdraw.test/ok', cancel_url: 'https://fairdraw.test/no' },
    });
    expect(create.headers['paypal-request-id']).toBe('pay-9');
  });

  it('executes an approved payment, and reports a refusal as an error the service turns into the wallet alert', async () => {
    expect(await gateway().executePayment('PAYID-STUB-1', 'PAYER-OK')).toEqual({ status: 'succeeded', reference: 'SALE-STUB-9' });
    await expect(gateway().executePayment('PAYID-STUB-1', 'PAYER-NOT-APPROVED')).rejects.toThrow(/PAYER_ACTION_REQUIRED/);
  });
});

describe('PayPal through the app: an execution whose answer never came', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', PAYPAL_CLIENT_ID, PAYPAL_SECRET, PAYPAL_API_URL: paypal.url } });
  });

  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  it('is asked about by the payments sweep: the sale PayPal completed is fulfilled once, the customer told', async () => {
    const { agent, email } = await registeredUser(t.app);
    const [created, abandoned] = [
      (await agent.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'AUD' }).expect(200)).body.id as string,
      (await agent.post('/api/paypal/createpayment/').send({ paymentOption: 3, currency: 'AUD' }).expect(200)).body.id as string,
    ];
    paypal.payments.get(created)!.state = 'approved';
    paypal.loseNextExecuteAnswer = true;
    const failed = await agent.post('/api/paypal/executepayment/').send({ PaymentID: created, PayerID: 'PAYERSTANDIN1' }).expect(402);
    expect(failed.body.message).toBe('Something went wrong while processing your PayPal transaction. Please contact support.');
    expect(paypal.payments.get(created)!.state).toBe('executed');
    const statuses = async () => (await t.query<{ status: string }>('SELECT status FROM payment WHERE gateway_reference = ANY($1) ORDER BY amount', [[created, abandoned]])).map((row) => row.status);
    expect(await statuses()).toEqual(['pending', 'pending']);
    // The page showed the failure and sends nothing more; PayPal sends no event.
    await t.query(`UPDATE payment SET created_at = now() - interval '15 minutes' WHERE gateway_reference = ANY($1)`, [[created, abandoned]]);
    await t.app.get(PendingPaymentsSweeper).sweep();
    await t.app.get(PendingPaymentsSweeper).sweep();
    expect(await statuses()).toEqual(['succeeded', 'pending']);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
    await waitUntil(
      async () => t.mailbox!.received.filter((mail) => mail.to.includes(email) && mail.subject === 'Your FairDraw payment went through').length,
      (count) => count === 1,
      'the mail telling the customer',
    );
  });

  it('stops asking about a checkout once its approval has lapsed (PayPal gives three hours)', async () => {
    const { agent } = await registeredUser(t.app);
    const [recent, lapsed] = [
      (await agent.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'AUD' }).expect(200)).body.id as string,
      (await agent.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'AUD' }).expect(200)).body.id as string,
    ];
    await t.query(`UPDATE payment SET created_at = now() - interval '3 hours' WHERE gateway_reference = $1`, [recent]);
    await t.query(`UPDATE payment SET created_at = now() - interval '5 hours' WHERE gateway_reference = $1`, [lapsed]);
    const lookupsOf = (id: string) => paypal.requests.filter((request) => request.method === 'GET' && request.url.endsWith(`/v1/payments/payment/${id}`)).length;
    await t.app.get(PendingPaymentsSweeper).sweep();
    expect([lookupsOf(recent), lookupsOf(lapsed)]).toEqual([1, 0]);
  });
});
