import { runDraw } from '#draw-engine';
import { createSeededSource, type RandomSource } from '#rng';
import request from 'supertest';
import { createChaCha20Keystream } from '../../../libs/rng/src/chacha20-keystream.js';
import { registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { pdfText } from '../../support/pdf-text.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

type Agent = Awaited<ReturnType<typeof registeredUser>>['agent'];

const ENTRIES = 1_000;
const PRIZES = [
  { description: 'Holiday', quantity: 5, reserves: 2 },
  { description: 'Voucher', quantity: 5, reserves: 0 },
];

/** The words of ChaCha20 under `key` itself (what the engine's source is under SHA-256 of the seed). */
function sourceFromKey(key: Uint8Array): RandomSource {
  const fill = createChaCha20Keystream(key);
  const bytes = new Uint8Array(4096);
  const view = new DataView(bytes.buffer);
  let at = bytes.length;
  return {
    nextUint32: () => {
      if (at === bytes.length) {
        fill(bytes);
        at = 0;
      }
      at += 4;
      return view.getUint32(at - 4, true);
    },
  };
}

/** What the draw engine picks from a source: every prize's winners and reserves, as one list. */
function picks(source: RandomSource): number[] {
  const outcome = runDraw({ entryCount: ENTRIES, prizes: PRIZES.map(({ quantity, reserves }) => ({ quantity, reserves })), oneWinPerEntrant: false }, source);
  return outcome.prizes.flatMap((prize) => [...prize.winners, ...prize.reserves]).map((row) => row + 1);
}

/** Every run of hex digits long enough to be a key or a seed, as 32-byte windows and whole. */
function candidates(published: string): Uint8Array[] {
  const found = new Map<string, Uint8Array>();
  for (const [run] of published.toLowerCase().matchAll(/[0-9a-f]{64,}/g)) {
    found.set(run, Buffer.from(run.slice(0, run.length - (run.length % 2)), 'hex'));
    for (let at = 0; at + 64 <= run.length; at += 2) found.set(run.slice(at, at + 64), Buffer.from(run.slice(at, at + 64), 'hex'));
  }
  return [...found.values()];
}

/** Every prediction the values allow: each one as the engine's seed, and (32 bytes) as the ChaCha20 key. */
function predictions(published: string): number[][] {
  return candidates(published).flatMap((bytes) => [picks(createSeededSource(bytes)), ...(bytes.length === 32 ? [picks(sourceFromKey(bytes))] : [])]);
}

describe('a promoter who wants a friend to win cannot compute the winners before the draw (issue 23)', () => {
  let t: TestApp;
  let base: string;
  let owner: Agent;
  let ownerEmail: string;
  let admin: Agent;
  let liveKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    ({ agent: owner, email: ownerEmail } = await registeredUser(t.app));
    await t.query('UPDATE users SET api_enabled = true WHERE email = $1', [ownerEmail]);
    await owner.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    liveKey = (await owner.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key;
    const made = await registeredUser(t.app);
    admin = made.agent;
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [made.email]);
  });

  afterAll(() => t.close());

  const schedule = async (secondsAhead: number): Promise<string> =>
    (
      await owner
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entriesCount: ENTRIES, prizes: PRIZES, paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(Date.now() + secondsAhead * 1000).toISOString() }))
        .expect(200)
    ).body as string;

  /** Everything anyone (owner, API key, administrator, the public) is shown of a draw, by every route, as text. */
  async function published(id: string): Promise<string> {
    const bodies: string[] = [];
    const text = (response: { text: string; body: unknown }) => bodies.push(response.text || JSON.stringify(response.body));
    const draw = (await owner.get('/api/draw/get/').query({ id }).expect(200)).body;
    bodies.push(JSON.stringify(draw));
    text(await request(base).get('/api/draw/get/').query({ id }).set('Authorization', `Bearer ${liveKey}`));
    text(await owner.get('/api/draw/getAll/').query({ statuses: 'scheduled,drawn,cancelled,error' }));
    text(await request(base).get('/api/draw/getAll/').query({ showApi: true, showWeb: true }).set('Authorization', `Bearer ${liveKey}`));
    text(await admin.get('/api/draw/get/').query({ id }));
    text(await admin.get('/api/admin/getAuditLog/').query({ drawId: id }));
    text(await request(base).get(`/api/certificate/${draw.shortCode}`));
    text(await request(base).get(`/cert/${draw.shortCode}/`));
    text(await request(base).get(`/cert/${draw.shortCode}/x/`));
    bodies.push(...pdfText((await owner.get(`/download/certificate/${id}`).buffer(true)).body as Buffer));
    text(await owner.post('/api/draw/publication/').send({ drawId: id }));
    text(await request(base).get('/api/draw/getPublicWinners/').query({ shortCode: draw.shortCode }));
    text(await request(base).get('/api/draw/getPublicEntryCheck/').query({ shortCode: draw.shortCode }));
    text(await owner.get('/api/draw/getEntryCheck/').query({ drawId: id }));
    // Every e-mail: as delivered (the outbox empties what it delivered), and any still waiting in the outbox.
    for (const mail of t.mailbox?.received ?? []) bodies.push(mail.subject, mail.text);
    for (const mail of await t.query<{ subject: string; text_body: string; html_body: string | null }>('SELECT subject, text_body, html_body FROM mail_outbox')) {
      bodies.push(mail.subject, mail.text_body, mail.html_body ?? '');
    }
    return bodies.join('\n');
  }

  const drawnPicks = (draw: { prizes: { winners: { entryNumber: number }[]; reserveWinners: { entryNumber: number }[] }[] }) =>
    draw.prizes.flatMap((prize) => [...prize.winners, ...prize.reserveWinners].map((winner) => winner.entryNumber));

  it('collects every value published before the draw, tries each as the seed and as the ChaCha20 key: none gives the winners', async () => {
    const id = await schedule(6);
    const before = await published(id);
    expect(before).toContain((await owner.get('/api/draw/get/').query({ id })).body.seedHash);
    expect(t.mailbox?.received.length).toBeGreaterThan(0);
    const guesses = predictions(before);
    expect(guesses.length).toBeGreaterThan(4);

    const drawn = await waitUntil(
      () =>
        owner
          .get('/api/draw/get/')
          .query({ id })
          .then((r) => r.body),
      (draw) => draw.state === 'drawn',
      'the draw drawn at its time',
    );
    const winners = drawnPicks(drawn);
    expect(winners).toHaveLength(12);
    for (const guess of guesses) expect(guess).not.toEqual(winners);
    // The same predictor, given what is revealed after the draw, does find the winners: it is not blind.
    expect(predictions(drawn.seed)).toContainEqual(winners);
  });

  it('gains nothing by cancelling and making the draw again: each draw commits to a fresh seed and a round of its own time', async () => {
    const first = await schedule(3_600);
    const firstPublished = await published(first);
    await owner.post('/api/draw/cancel/').send({ id: first }).expect(200);
    const again = await schedule(6);
    const againPublished = await published(again);
    const [one, two] = [(await owner.get('/api/draw/get/').query({ id: first })).body, (await owner.get('/api/draw/get/').query({ id: again })).body];
    expect(one.state).toBe('cancelled');
    expect(two.seedHash).not.toBe(one.seedHash);
    expect(two.beacon.round).not.toBe(one.beacon.round);

    const drawn = await waitUntil(
      () =>
        owner
          .get('/api/draw/get/')
          .query({ id: again })
          .then((r) => r.body),
      (draw) => draw.state === 'drawn',
      'the second draw drawn',
    );
    const winners = drawnPicks(drawn);
    for (const guess of predictions(`${firstPublished}\n${againPublished}\n${await published(first)}`)) expect(guess).not.toEqual(winners);
    expect(predictions(drawn.seed)).toContainEqual(winners);
  });
});
