import request from 'supertest';
import { CreditService } from '../../../src/billing/application/credit.service.js';
import { PendingPaymentsSweeper } from '../../../src/billing/application/pending-payments-sweeper.js';
import { browser, registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { httpAnswerOf } from '../../support/http-answer.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('billing: prices, credits, card and wallet payments, invoices (API, built-in test gateways)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const userIdOf = async (email: string) => (await t.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;

  it('answers the price settings of each currency in minor units', async () => {
    const expected = { USD: [4000, 24000, 160000], AUD: [5000, 30000, 200000], CAD: [5000, 30000, 200000], NZD: [5000, 30000, 200000], GBP: [3000, 18000, 120000] };
    for (const [currency, [drawSingle, draw10, draw100]] of Object.entries(expected)) {
      const response = await request(t.app.getHttpServer()).get('/api/billing/getPrices/').query({ currency }).expect(200);
      expect(response.body).toEqual({ currency, drawSingle, draw10, draw100 });
    }
    const bad = await request(t.app.getHttpServer()).get('/api/billing/getPrices/').query({ currency: 'EUR' }).expect(400);
    expect(bad.body.modelState).toEqual({ currency: ['Choose one of USD, AUD, CAD, NZD or GBP.'] });
  });

  it('sells a 10-pack by card: credits, balance on the user, a sequential invoice, credits data', async () => {
    const { agent } = await registeredUser(t.app);
    const bought = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    expect(bought.body.remainingCredits).toBe(10);
    expect(bought.body.invoiceNumber).toBeGreaterThanOrEqual(1001);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);

    const second = await agent.post('/api/account/buycredits/').send({ paymentOption: 3, currency: 'AUD', token: 'tok_mastercard' }).expect(200);
    expect(second.body).toEqual({ remainingCredits: 110, invoiceNumber: bought.body.invoiceNumber + 1 });

    const invoices = await agent.get('/api/account/getInvoices/').query({ page: 1, count: 10 }).expect(200);
    expect(invoices.body.total).toBe(2);
    expect(invoices.body.invoices.map((i: { invoiceNumber: number; amount: number; currency: string }) => [i.invoiceNumber, i.amount, i.currency])).toEqual([
      [second.body.invoiceNumber, 200000, 'AUD'],
      [bought.body.invoiceNumber, 30000, 'AUD'],
    ]);
    const credits = await agent.get('/api/account/getCreditsData/').expect(200);
    expect(credits.body.unusedCredits).toBe(110);
    expect(credits.body.packs).toHaveLength(2);
    expect(credits.body.packs[0]).toMatchObject({ isManual: false, isRefund: false, isSingle: false, isTrialPack: false });
    const purchase = new Date(credits.body.packs[0].purchaseDate);
    const expiry = new Date(credits.body.packs[0].expiryDate);
    expect(expiry.getUTCFullYear() - purchase.getUTCFullYear()).toBe(2);
  });

  it('shows a declined card and charges and credits nothing', async () => {
    const { agent, email } = await registeredUser(t.app);
    for (const [token, message] of [
      ['tok_chargeDeclined', 'Your card was declined.'],
      ['tok_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ]) {
      const response = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token }).expect(402);
      expect(response.body).toEqual({ message });
    }
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(0);
    const userId = await userIdOf(email);
    expect(await t.query('SELECT status FROM payment WHERE user_id = $1', [userId])).toEqual([{ status: 'declined' }, { status: 'declined' }]);
    expect(await t.query('SELECT 1 FROM invoice WHERE user_id = $1', [userId])).toEqual([]);
  });

  it('charges and credits a retried request once (same idempotency key)', async () => {
    const { agent, email } = await registeredUser(t.app);
    const body = { paymentOption: 1, currency: 'GBP', token: 'tok_visa', idempotencyKey: 'retry-key-12345' };
    const first = await agent.post('/api/account/buycredits/').send(body).expect(200);
    const retries = await Promise.all([1, 2, 3].map(() => agent.post('/api/account/buycredits/').send(body)));
    for (const retry of retries) expect(retry.body).toEqual(first.body);
    expect(first.body.remainingCredits).toBe(10);
    expect(await t.query('SELECT count(*)::int AS n FROM payment WHERE user_id = $1', [await userIdOf(email)])).toEqual([{ n: 1 }]);
  });

  it('refuses the same idempotency key for another pack or currency, charging and crediting nothing more', async () => {
    const { agent } = await registeredUser(t.app);
    const first = { paymentOption: 1, currency: 'AUD', token: 'tok_visa', idempotencyKey: 'one-purchase-1' };
    await agent.post('/api/account/buycredits/').send(first).expect(200);
    for (const other of [{ paymentOption: 3 }, { currency: 'GBP' }]) {
      const refused = await agent
        .post('/api/account/buycredits/')
        .send({ ...first, ...other })
        .expect(400);
      expect(refused.body.message).toBe('This payment request was already used for another purchase.');
    }
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
  });

  it('refuses a missing payment method and options that are not packs', async () => {
    const { agent } = await registeredUser(t.app);
    const none = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD' }).expect(400);
    expect(none.body.message).toBe('Please choose how to pay.');
    const single = await agent.post('/api/account/buycredits/').send({ paymentOption: 0, currency: 'USD', token: 'tok_visa' }).expect(400);
    expect(single.body.modelState).toEqual({ paymentOption: ['Choose a pack of 10 or 100 credits.'] });
    await browser(t.app).post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'tok_visa' }).expect(401);
  });

  it('runs the wallet flow through the test gateway: create, approve, execute once', async () => {
    const { agent } = await registeredUser(t.app);
    const created = await agent.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'NZD' }).expect(200);
    expect(created.body.id).toMatch(/^PAYID-TEST-/);
    const bought = await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'NZD', paymentID: created.body.id, payerID: 'TESTPAYER' }).expect(200);
    expect(bought.body.remainingCredits).toBe(10);
    const again = await agent.post('/api/paypal/executepayment/').send({ PaymentID: created.body.id, PayerID: 'TESTPAYER' }).expect(200);
    expect(again.body).toEqual(bought.body);

    const refused = await agent.post('/api/paypal/createpayment/').send({ paymentOption: 3, currency: 'NZD' }).expect(200);
    const declined = await agent.post('/api/paypal/executepayment/').send({ PaymentID: refused.body.id, PayerID: 'SOMEONE-ELSE' }).expect(402);
    expect(declined.body.message).toBe('The payer did not approve the payment.');
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
  });

  it('fulfils a wallet payment that went through but whose credits could not be added, once, within the hour', async () => {
    const { agent, email } = await registeredUser(t.app);
    const created = await agent.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'NZD' }).expect(200);
    // The wallet took the money; then the invoice cannot be written (a failing disk, a lost connection, a crash).
    await t.query('ALTER TABLE invoice ADD CONSTRAINT invoice_refuses_writes CHECK (false) NOT VALID');
    try {
      await agent.post('/api/paypal/executepayment/').send({ PaymentID: created.body.id, PayerID: 'TESTPAYER' }).expect(500);
    } finally {
      await t.query('ALTER TABLE invoice DROP CONSTRAINT invoice_refuses_writes');
    }
    const userId = await userIdOf(email);
    expect(await t.query('SELECT status, fulfilled_at FROM payment WHERE user_id = $1', [userId])).toEqual([{ status: 'succeeded', fulfilled_at: null }]);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(0);
    // No one sends the request again (the page showed the failure) and PayPal sends no event: the hourly sweep does it.
    await t.query(`UPDATE payment SET completed_at = now() - interval '15 minutes' WHERE user_id = $1`, [userId]);
    await t.app.get(PendingPaymentsSweeper).sweep();
    await t.app.get(PendingPaymentsSweeper).sweep();
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(10);
    expect((await agent.get('/api/account/getInvoices/')).body.total).toBe(1);
  });

  it('lets a wallet payment pay for what it first paid for, once: not another draw, nor credits after a draw', async () => {
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const single = (await agent.post('/api/paypal/createpayment/').send({ paymentOption: 0, currency: 'AUD' }).expect(200)).body.id as string;
    const paidBy = { paymentOption: 0, currency: 'AUD', paymentID: single, payerID: 'TESTPAYER' };
    const first = await agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ ...paidBy, name: 'Paid by PayPal', idempotencyKey: 'draw-one-123' }))
      .expect(200);
    // Its retry (the answer lost) finds the same draw and pays nothing more.
    expect(
      (
        await agent
          .post('/api/draw/submitdraw/')
          .send(simpleDraw({ ...paidBy, name: 'Paid by PayPal', idempotencyKey: 'draw-one-123' }))
          .expect(200)
      ).body,
    ).toBe(first.body);
    const held = (await agent.get('/api/account/get/')).body.remainingCredits;
    expect(held).toBe(10);

    const message = 'This PayPal payment has already paid for something else. Please make a new payment.';
    for (const other of [{ name: 'Another draw', idempotencyKey: 'draw-two-1234' }, { name: 'No key' }]) {
      const reused = await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ ...paidBy, ...other }))
        .expect(400);
      expect(reused.body).toEqual({ message, modelState: { paymentID: [message] } });
    }
    const asCredits = await agent
      .post('/api/account/buycredits/')
      .send({ ...paidBy, paymentOption: 1 })
      .expect(400);
    expect(asCredits.body.modelState).toEqual({ paymentID: [message] });
    const executed = await agent.post('/api/paypal/executepayment/').send({ PaymentID: single, PayerID: 'TESTPAYER' }).expect(400);
    expect(executed.body.modelState).toEqual({ PaymentID: [message] });

    // Nothing was drawn or spent: one draw, and the credits held before.
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(held);
    expect((await agent.get('/api/draw/getAll/').expect(200)).body.total).toBe(1);
    expect(await t.query('SELECT paid_for FROM payment WHERE gateway_reference = $1', [single])).toEqual([{ paid_for: expect.stringMatching(/^draw /) }]);

    // Credits bought with a wallet payment stay credits: that payment pays for no draw.
    const pack = (await agent.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'AUD' }).expect(200)).body.id as string;
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', paymentID: pack, payerID: 'TESTPAYER' }).expect(200);
    await agent
      .post('/api/draw/submitdraw/')
      .send(simpleDraw({ paymentOption: 1, currency: 'AUD', paymentID: pack, payerID: 'TESTPAYER' }))
      .expect(400);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(held + 10);

    // Two draws racing with one fresh payment: one is paid by it, the other refused, and no held credit pays.
    const raced = (await agent.post('/api/paypal/createpayment/').send({ paymentOption: 0, currency: 'AUD' }).expect(200)).body.id as string;
    const racing = { paymentOption: 0, currency: 'AUD', paymentID: raced, payerID: 'TESTPAYER' };
    const answers = await Promise.all(['race-one-123', 'race-two-123'].map((key) => agent.post('/api/draw/submitdraw/').send(simpleDraw({ ...racing, idempotencyKey: key }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(held + 10);
  });

  it('lets only the owner execute a wallet payment or download an invoice', async () => {
    const a = await registeredUser(t.app);
    const b = await registeredUser(t.app);
    const created = await a.agent.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'USD' }).expect(200);
    await b.agent.post('/api/paypal/executepayment/').send({ PaymentID: created.body.id, PayerID: 'TESTPAYER' }).expect(404);
    expect((await b.agent.get('/api/account/get/')).body.remainingCredits).toBe(0);

    await a.agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'tok_visa' }).expect(200);
    const [invoice] = (await a.agent.get('/api/account/getInvoices/').expect(200)).body.invoices;
    const pdf = await a.agent
      .get(`/download/invoice/${invoice.id}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`FairDraw-invoice-${invoice.invoiceNumber}.pdf`);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    await b.agent.get(`/download/invoice/${invoice.id}`).expect(404);
    await request(t.app.getHttpServer()).get(`/download/invoice/${invoice.id}`).expect(404);
    await a.agent.get('/download/invoice/not-a-uuid').expect(404);
    await a.agent.get(`/download/nosuchkind/${invoice.id}`).expect(404);
  });

  it('redeems credits atomically: with N left, N + 5 concurrent redemptions give N and 5 refusals', async () => {
    const { agent, email } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'USD', token: 'tok_visa' }).expect(200);
    const credits = t.app.get(CreditService);
    const userId = await userIdOf(email);
    const outcomes = await Promise.allSettled(Array.from({ length: 15 }, (_, i) => credits.redeem(userId, `draw-${i}`)));
    const granted = outcomes.filter((o) => o.status === 'fulfilled').map((o) => (o as PromiseFulfilledResult<string>).value);
    const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(granted).toHaveLength(10);
    expect(new Set(granted).size).toBe(10);
    expect(refused).toHaveLength(5);
    for (const refusal of refused) {
      expect(httpAnswerOf(refusal.reason)).toEqual({ status: 409, envelope: { message: 'You have no credits left. Please buy a pack of credits or pay for this draw.' } });
    }
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(0);
  });

  it('never redeems an expired credit', async () => {
    const { agent, email } = await registeredUser(t.app);
    const userId = await userIdOf(email);
    const credits = t.app.get(CreditService);
    await credits.addPack(userId, 'trial', 2, new Date(Date.now() + 60_000), 'Trial credits');
    await t.query(`UPDATE credit_pack SET expiry_date = now() - interval '1 minute' WHERE user_id = $1`, [userId]);
    expect((await agent.get('/api/account/get/')).body.remainingCredits).toBe(0);
    expect(httpAnswerOf(await credits.redeem(userId, 'draw-x').catch((error: unknown) => error))).toMatchObject({ status: 409 });
    const data = (await agent.get('/api/account/getCreditsData/').expect(200)).body;
    expect(data).toMatchObject({ unusedCredits: 0, packs: [{ isTrialPack: true }] });
    expect(data.latestTrialExpiry).not.toBeNull();
  });
});
