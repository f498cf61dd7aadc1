import request from 'supertest';
import { deliveredTo, registeredUser } from '../support/accounts.js';
import { startHttpStub, type HttpStub } from '../support/http-stub.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const valid = {
  name: 'Jo Citizen',
  email: 'Jo@Example.com',
  organisation: 'Example Promotions',
  topic: 'draw',
  drawId: 'A1B2C3D4E5F6',
  message: 'Can the certificate show our promotion permit number?',
  country: 'au',
  recaptchaResponse: 'token',
};

describe('contact form (API): POST /api/Contact/CreateHelpContact', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@fairdraw.test' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('stores the message, mails it to support and acknowledges it to the sender with a reference', async () => {
    const response = await http().post('/api/Contact/CreateHelpContact').send(valid).expect(200);
    expect(response.body.reference).toMatch(/^FD-[0-9A-F]{8}$/);
    expect(response.body.message).toContain(response.body.reference);
    const [row] = await t.query('SELECT name, email, organisation, topic, draw_id, message, country_code, user_id FROM help_contact');
    expect(row).toEqual({
      name: 'Jo Citizen',
      email: 'jo@example.com',
      organisation: 'Example Promotions',
      topic: 'draw',
      draw_id: 'a1b2c3d4e5f6',
      message: valid.message,
      country_code: 'au',
      user_id: null,
    });
    const [toSupport] = await deliveredTo(t, 'help@fairdraw.test');
    expect(toSupport.subject).toBe(`[${response.body.reference}] A draw I have run or scheduled: Jo Citizen`);
    expect(toSupport.text).toContain('From: Jo Citizen <jo@example.com>');
    expect(toSupport.text).toContain('Draw id: a1b2c3d4e5f6');
    expect(toSupport.text).toContain(valid.message);
    const [ack] = await deliveredTo(t, 'jo@example.com');
    expect(ack.subject).toBe(`We have your message (${response.body.reference})`);
    expect(ack.text).toContain(`Your message has reference ${response.body.reference}`);
  });

  it('acknowledges to the typed address with the reference only: none of the visitor’s words go to an unproven address', async () => {
    const bait = 'Your account is suspended, log in at https://fairdraw-support.example.net';
    const response = await http()
      .post('/api/Contact/CreateHelpContact')
      .set('X-Forwarded-For', '198.51.100.23')
      .send({ ...valid, email: 'victim@example.com', name: bait, organisation: bait, phone: '+61 400 000 000', message: `${bait} — ${bait}` })
      .expect(200);
    const [ack] = await deliveredTo(t, 'victim@example.com');
    expect(ack.subject).toBe(`We have your message (${response.body.reference})`);
    expect(ack.text).toBe(
      [
        'Hello,',
        '',
        `Thank you for contacting FairDraw. Your message has reference ${response.body.reference}; we answer within one business day.`,
        'Quote the reference if you write to us again about it.',
        '',
        'If you did not write to us, ignore this e-mail.',
        '',
        'FairDraw support',
      ].join('\n'),
    );
    // Support, a known address, still gets the whole message.
    expect((await deliveredTo(t, 'help@fairdraw.test')).at(-1)!.text).toContain(bait);
  });

  it('links the message to the signed-in user', async () => {
    const { agent } = await registeredUser(t.app);
    await agent
      .post('/api/Contact/CreateHelpContact')
      .send({ ...valid, email: 'signed@example.com' })
      .expect(200);
    const [row] = await t.query("SELECT user_id FROM help_contact WHERE email = 'signed@example.com'");
    expect(row.user_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses incomplete or bad fields with the messages per field, storing nothing', async () => {
    const before = await t.query('SELECT count(*)::int AS n FROM help_contact');
    const response = await http().post('/api/Contact/CreateHelpContact').send({ name: ' ', email: 'not-an-email', topic: 'gossip', drawId: '123', message: 'short' }).expect(400);
    expect(response.body.modelState).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter a valid email address.'],
      topic: ['Please choose what your message is about.'],
      drawId: ['A draw id is the 12 hexadecimal digits shown on the draw page.'],
      message: ['Please enter your message (at least 10 characters).'],
    });
    expect(await t.query('SELECT count(*)::int AS n FROM help_contact')).toEqual(before);
  });

  it('tells a sender who left the name or the message out to enter it, not that it is too long', async () => {
    const response = await http().post('/api/Contact/CreateHelpContact').send({ email: 'someone@example.com', topic: 'other' }).expect(400);
    expect(response.body).toEqual({
      message: 'Please enter your name.',
      modelState: { name: ['Please enter your name.'], message: ['Please enter your message (at least 10 characters).'] },
    });
  });

  it('refuses a line break in a one-line field: the sender cannot forge a line of support’s mail (Signed in as user …)', async () => {
    const before = await t.query('SELECT count(*)::int AS n FROM help_contact');
    const forged = 'Signed in as user 0f8fad5b-d9cb-469f-a165-70867728950e';
    const sent = (fields: Record<string, string>) =>
      http()
        .post('/api/Contact/CreateHelpContact')
        .send({ ...valid, email: 'forger@example.com', ...fields })
        .expect(400);
    expect((await sent({ name: `Jo\n${forged}\n\nMove my account, please` })).body.modelState).toEqual({ name: ['Please enter your name on one line.'] });
    expect((await sent({ organisation: `Acme\r${forged}` })).body.modelState).toEqual({ organisation: ['Please enter your organisation on one line.'] });
    expect((await sent({ organisation: `Acme\u2028${forged}` })).body.modelState).toEqual({ organisation: ['Please enter your organisation on one line.'] });
    // A quoted local part may hold any white space, line breaks included, for the e-mail address rule.
    expect((await sent({ email: `"a\r\n${forged}"@example.com` })).body.modelState).toEqual({ email: ['Please enter a valid email address.'] });
    expect(await t.query('SELECT count(*)::int AS n FROM help_contact')).toEqual(before);
    expect(await t.query("SELECT id FROM mail_outbox WHERE subject LIKE '%Signed in as user%' OR to_address LIKE '%Signed in%'")).toEqual([]);
  });

  describe('with the human check configured', () => {
    let stub: HttpStub;
    let checked: TestApp;

    beforeAll(async () => {
      stub = await startHttpStub((req, res) => {
        const success = new URLSearchParams(req.body).get('response') === 'human';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
      });
      checked = await createTestApp({ env: { RECAPTCHA_SECRET_KEY: 'secret', RECAPTCHA_VERIFY_URL: stub.url } });
    });

    afterAll(async () => {
      await checked.close();
      await stub.close();
    });

    it("refuses a failed check with 'reCAPTCHA is invalid.' and accepts a passed one", async () => {
      const refused = await request(checked.app.getHttpServer())
        .post('/api/Contact/CreateHelpContact')
        .send({ ...valid, recaptchaResponse: 'bot' })
        .expect(400);
      expect(refused.body).toEqual({ message: 'reCAPTCHA is invalid.', modelState: { recaptchaResponse: ['reCAPTCHA is invalid.'] } });
      expect(await checked.query('SELECT id FROM help_contact')).toEqual([]);
      await request(checked.app.getHttpServer())
        .post('/api/Contact/CreateHelpContact')
        .send({ ...valid, recaptchaResponse: 'human' })
        .expect(200);
      expect(await checked.query('SELECT id FROM help_contact')).toHaveLength(1);
    });
  });
});
