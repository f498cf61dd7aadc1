import Stripe from 'stripe';
import { PayPalWalletGateway } from '../../src/billing/infrastructure/paypal-wallet-gateway.adapter.js';
import { createStripeClient, StripeCardGateway } from '../../src/billing/infrastructure/stripe-card-gateway.adapter.js';
import { registeredUser } from '../support/accounts.js';
import { type HttpStub, sendJson, startHttpStub } from '../support/http-stub.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A Stripe API stub: PaymentIntents confirmed with a test payment method, replaying answers per Idempotency-Key. */
function stripeStub(): Promise<HttpStub> {
  const byKey = new Map<string, { status: number; body: unknown }>();
  let intents = 0;
  return startHttpStub((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/payment_intents') return sendJson(response, 404, { error: { message: 'Unrecognized request URL' } });
    const key = String(request.headers['idempotency-key']);
    const earlier = byKey.get(key);
    if (earlier) return sendJson(response, earlier.status, earlier.body);
    const form = new URLSearchParams(request.body);
    const id = `pi_stub_${++intents}`;
    const answer =
      form.get('payment_method') === 'pm_card_chargeDeclined'
        ? { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' } } } }
        : { status: 200, body: { id, object: 'payment_intent', status: 'succeeded', amount: Number(form.get('amount')), currency: form.get('currency') } };
    byKey.set(key, answer);
    sendJson(response, answer.status, answer.body);
  });
}

describe('Stripe card adapter against a local Stripe API stub', () => {
  let stub: HttpStub;

  beforeAll(async () => {
    stub = await stripeStub();
  });

  afterAll(async () => {
    await stub.close();
  });

  it('confirms a PaymentIntent with the amount in minor units, the currency and an idempotency key', async () => {
    const gateway = new StripeCardGateway(createStripeClient({ secretKey: 'sk_test_stub', apiUrl: stub.url }));
    const result = await gateway.charge({ amount: 30000, currency: 'AUD', token: 'pm_card_visa', idempotencyKey: 'pay-1', paymentId: 'pay-1', description: 'Pack of 10 draw credits' });
    expect(result).toEqual({ status: 'succeeded', reference: 'pi_stub_1' });
    const sent = new URLSearchParams(stub.requests[0].body);
    expect(Object.fromEntries(sent)).toMatchObject({ amount: '30000', currency: 'aud', payment_method: 'pm_card_visa', confirm: 'true', 'metadata[payment_id]': 'pay-1' });
    expect(stub.requests[0].headers['idempotency-key']).toBe('pay-1');
    expect(stub.requests[0].headers.authorization).toBe('Bearer sk_test_stub');
    // A retry with the same key gets the same PaymentIntent: one charge.
    expect(await gateway.charge({ amount: 30000, currency: 'AUD', token: 'pm_card_visa', idempotencyKey: 'pay-1', paymentId: 'pay-1', description: 'x' })).toEqual(result);
  });

  it("turns Stripe's card_error into a decline with Stripe's message", async () => {
    const gateway = new StripeCardGateway(createStripeClient({ secretKey: 'sk_test_stub', apiUrl: stub.url }));
    expect(await gateway.charge({ amount: 4000, currency: 'USD', token: 'pm_card_chargeDeclined', idempotencyKey: 'pay-2', paymentId: 'pay-2', description: 'x' })).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
      reference: expect.stringMatching(/^pi_stub_/),
    });
  });
});

describe('Stripe through the app: purchases and signed webhooks, replayed safely', () => {
  let stub: HttpStub;
  let t: TestApp;
  const webhookSecret = 'whsec_test_secret';

  beforeAll(async () => {
    stub = await stripeStub();
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_API_URL: stub.url, STRIPE_WEBHOOK_SECRET: webhookSecret } });
  });

  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  function signed(event: object): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  }

  it('buys credits through Stripe, and a replayed success webhook adds nothing', async () => {
    const { agent, email } = await registeredUser(t.app);
    const bought = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'pm_card_visa' }).expect(200);
    expect(bought.body.remainingCredits).toBe(10);
    const [payment] = await t.query<{ gateway: string; gateway_reference: string }>(
      'SELECT gateway, gateway_reference FROM payment WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [email],
    );
    expect(payment.gateway).toBe('stripe');
    const { payload, signature } = signed({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: payment.gateway_reference, object: 'payment_intent' } } });
    for (let replay = 0; replay < 3; replay++) {
      await agent.post('/api/billing/stripeWebhook/').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload).expect(200);
    }
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
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
    const succeeded = (id: string, intent: string, metadata: Record<string, string>) =>
      signed({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent, object: 'payment_intent', metadata } } });
    // Another payment's id, or none, finds nothing.
    for (const { payload, signature } of [succeeded('evt_2a', 'pi_lost_1', {}), succeeded('evt_2b', 'pi_lost_1', { payment_id: '00000000-0000-4000-8000-000000000000' })]) {
      await agent.post('/api/billing/stripeWebhook/').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload).expect(200);
    }
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(0);
    const { payload, signature } = succeeded('evt_2', 'pi_lost_1', { payment_id: paymentId });
    await agent.post('/api/billing/stripeWebhook/').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload).expect(200);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
    expect(await t.query('SELECT status, gateway_reference FROM payment WHERE id = $1', [paymentId])).toEqual([{ status: 'succeeded', gateway_reference: 'pi_lost_1' }]);
  });

  it('refuses a webhook whose signature does not match', async () => {
    const { payload } = signed({ id: 'evt_3', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } });
    const bad = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const response = await registeredUser(t.app).then(({ agent }) =>
      agent.post('/api/billing/stripeWebhook/').set('Content-Type', 'application/json').set('Stripe-Signature', bad).send(payload),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Invalid signature.' });
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

  const gateway = () =>
    new PayPalWalletGateway({ clientId: 'client-id', secret: 'client-secret', apiUrl: stub.url, returnUrl: 'https://fairdraw.test/ok', cancelUrl: 'https://fairdraw.test/no' });

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
