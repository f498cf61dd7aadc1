import type TestAgent from 'supertest/lib/agent.js';
import { freshAddress, registeredUser } from '../support/accounts.js';
import { newClientSession, upload } from '../support/entries-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const MB = 1024 * 1024;
const TOO_MANY = /^Too many uploads\. Please try again in \d+ seconds\.$/;
const TOO_MUCH = /^You have uploaded as much as is allowed in a day\. Please try again in \d+ seconds\.$/;
const SMALL = 'name,tickets\nAnn,3\n';
/** A file of exactly the upload limit (1 MB here): accepted, and counted as one full upload. */
const FULL = Buffer.alloc(MB, 'Ann,1\n');

describe('POST /api/Upload: rate limits per address and per account (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', UPLOAD_LIMIT_MB: '1' } });
  });

  afterAll(async () => {
    await t.close();
  });

  const from = (address: string, content: Buffer | string = SMALL) => upload(t, { name: 'entries.csv', content }).set('X-Forwarded-For', address);
  const asUser = (agent: TestAgent, address: string, content: Buffer | string = SMALL) =>
    agent.post('/api/Upload').set('X-Forwarded-For', address).field('clientSession', newClientSession()).attach('file', Buffer.from(content), { filename: 'entries.csv' });

  it('allows 60 uploads an hour from one address, then answers 429 with the wait, before reading the file', async () => {
    const address = freshAddress();
    for (let i = 0; i < 60; i++) await from(address).expect(201);
    const uploadsBefore = (await t.query('SELECT id FROM upload')).length;
    const refused = await from(address).expect(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(TOO_MANY) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.connection).toBe('close');
    expect(await t.query('SELECT id FROM upload')).toHaveLength(uploadsBefore);
    // Another address is counted apart.
    await from(freshAddress()).expect(201);
  });

  it('allows 60 uploads an hour to one account, from whatever addresses', async () => {
    const { agent } = await registeredUser(t.app);
    for (let i = 0; i < 60; i++) await asUser(agent, freshAddress()).expect(201);
    const refused = await asUser(agent, freshAddress()).expect(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    // The address itself is not used up: a visitor there still uploads.
    const address = freshAddress();
    await asUser(agent, address).expect(429);
    await from(address).expect(201);
  });

  it('allows ten times the upload limit in a day per address, counted by the size sent', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await from(address, FULL).expect(201);
    const refused = await from(address, SMALL).expect(429);
    expect(refused.body.message).toMatch(TOO_MUCH);
    await from(freshAddress(), FULL).expect(201);
  });

  it('allows ten times the upload limit in a day per account, from whatever addresses', async () => {
    const { agent } = await registeredUser(t.app);
    for (let i = 0; i < 10; i++) await asUser(agent, freshAddress(), FULL).expect(201);
    expect((await asUser(agent, freshAddress(), SMALL).expect(429)).body.message).toMatch(TOO_MUCH);
  });
});
