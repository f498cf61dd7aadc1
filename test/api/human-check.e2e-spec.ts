import request from 'supertest';
import { HumanCheckService } from '../../src/platform/human-check/human-check.service.js';
import { RecaptchaHumanCheck } from '../../src/platform/human-check/recaptcha-human-check.adapter.js';
import { type HttpStub, sendJson, startHttpStub } from '../support/http-stub.js';
import { createTestApp } from '../support/test-app.js';

describe('human check: the reCAPTCHA adapter against a local siteverify stub', () => {
  let stub: HttpStub;
  let behaviour: 'verify' | 'error' | 'slow' | 'garbage' = 'verify';

  beforeAll(async () => {
    stub = await startHttpStub((request, response) => {
      const form = new URLSearchParams(request.body);
      if (behaviour === 'error') return sendJson(response, 500, { error: 'boom' });
      if (behaviour === 'garbage') {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end('<html>not json</html>');
        return;
      }
      const answer = () => sendJson(response, 200, form.get('response') === 'human-token' ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] });
      if (behaviour === 'slow') setTimeout(answer, 1500);
      else answer();
    });
  });

  afterAll(async () => {
    await stub.close();
  });

  beforeEach(() => {
    behaviour = 'verify';
    stub.requests.length = 0;
  });

  it('accepts a valid token and sends secret, response and remote address as a form', async () => {
    const check = new RecaptchaHumanCheck('server-secret', `${stub.url}/siteverify`);
    expect(await check.verify('human-token', '203.0.113.9')).toBe(true);
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0].method).toBe('POST');
    expect(stub.requests[0].headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(stub.requests[0].body))).toEqual({
      secret: 'server-secret',
      response: 'human-token',
      remoteip: '203.0.113.9',
    });
  });

  it('refuses an invalid token, a missing one (without asking), an error answer, a non-JSON answer and a slow provider', async () => {
    // Only the slow provider's check has a short limit: on a busy machine 300 ms can pass before any answer arrives.
    const check = new RecaptchaHumanCheck('server-secret', `${stub.url}/siteverify`);
    expect(await check.verify('bot-token')).toBe(false);
    expect(await check.verify(undefined)).toBe(false);
    expect(await check.verify('')).toBe(false);
    expect(stub.requests).toHaveLength(1);
    behaviour = 'error';
    expect(await check.verify('human-token')).toBe(false);
    behaviour = 'garbage';
    expect(await check.verify('human-token')).toBe(false);
    behaviour = 'slow';
    expect(await new RecaptchaHumanCheck('server-secret', `${stub.url}/siteverify`, 300).verify('human-token')).toBe(false);
  });

  it('is what the app uses when RECAPTCHA_SECRET_KEY is set, refusing with the spec message', async () => {
    const t = await createTestApp({ env: { RECAPTCHA_SECRET_KEY: 'server-secret', RECAPTCHA_VERIFY_URL: `${stub.url}/siteverify` } });
    try {
      const service = t.app.get(HumanCheckService);
      await expect(service.assertHuman('human-token')).resolves.toBeUndefined();
      // Registration and login ask for it too.
      const register = await request(t.app.getHttpServer())
        .post('/api/account/register/')
        .send({
          email: 'bot@example.com',
          password: 'bot horse battery',
          firstName: 'B',
          lastName: 'Ot',
          isAgent: false,
          optedIntoCommunication: false,
          termsAgreed: true,
          recaptchaResponse: 'bot-token',
        })
        .expect(400);
      expect(register.body.message).toBe('reCAPTCHA is invalid.');
      const login = await request(t.app.getHttpServer()).post('/api/account/login/').send({ email: 'bot@example.com', password: 'bot horse battery', recaptchaResponse: 'bot-token' }).expect(400);
      expect(login.body.modelState).toEqual({ recaptchaResponse: ['reCAPTCHA is invalid.'] });
      await expect(service.assertHuman('bot-token')).rejects.toMatchObject({
        status: 400,
        response: { message: 'reCAPTCHA is invalid.', modelState: { recaptchaResponse: ['reCAPTCHA is invalid.'] } },
      });
    } finally {
      await t.close();
    }
  });

  it('passes every check offline when no secret is set (development and tests only)', async () => {
    const t = await createTestApp();
    try {
      await expect(t.app.get(HumanCheckService).assertHuman(undefined)).resolves.toBeUndefined();
      expect(stub.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
