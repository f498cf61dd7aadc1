import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import request from 'supertest';
import { beaconKeyPair, chainHashOf, chainOf, type DrandChainInfo, QUICKNET_INFO, roundTime, signRound, verifyRoundSignature } from '#rng';
import { verifyDraw } from '../../src/certificates/domain/verify-draw.js';
import { BeaconUnavailableError, type BeaconDescriptor } from '../../src/platform/beacon/beacon.port.js';
import { DrandHttpBeacon } from '../../src/platform/beacon/drand-http-beacon.adapter.js';
import { browser, registeredUser } from '../support/accounts.js';
import { drawnNumbers, rerun, simpleDraw, type DrawView } from '../support/draws.js';
import { type HttpStub, sendJson, startHttpStub } from '../support/http-stub.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

// drand quicknet's /public/1000 exactly as the League of Entropy serves it: a real signature.
const QUICKNET_ROUND_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};
const quicknet: BeaconDescriptor = { ...chainOf(QUICKNET_INFO), independent: true };

/** A drand chain of our own test key, period 1 s, started 100 s ago: its rounds are signed by the stub. */
function testChain(): { secretKey: string; info: DrandChainInfo } {
  const { secretKey, publicKey } = beaconKeyPair();
  const withoutHash = {
    public_key: publicKey,
    period: 1,
    genesis_time: Math.floor(Date.now() / 1000) - 100,
    groupHash: createHash('sha256').update(publicKey).digest('hex'),
    schemeID: 'bls-unchained-g1-rfc9380',
    metadata: { beaconID: 'fairdraw-test' },
  };
  return { secretKey, info: { ...withoutHash, hash: chainHashOf(withoutHash) } };
}

/** How the stub answers rounds: drand's documents, or a failure mode. */
type RoundMode = 'serve' | 'down' | 'forged';

function drandStub(chain: { secretKey: string; info: DrandChainInfo }, mode: () => RoundMode): Promise<HttpStub> {
  const forger = beaconKeyPair();
  return startHttpStub((req, res: ServerResponse) => {
    const info = new RegExp(`^/${chain.info.hash}/info$`).exec(req.url);
    if (info) return sendJson(res, 200, chain.info);
    const round = new RegExp(`^/${chain.info.hash}/public/(\\d+)$`).exec(req.url);
    if (!round) return sendJson(res, 404, { error: 'no such chain' });
    const number = Number(round[1]);
    // Like drand, a round is served only once its time has come.
    if (roundTime({ genesisTime: chain.info.genesis_time, period: chain.info.period }, number) * 1000 > Date.now()) return sendJson(res, 404, { error: 'future round' });
    switch (mode()) {
      case 'down':
        return sendJson(res, 503, { error: 'unavailable' });
      case 'forged':
        return sendJson(res, 200, signRound(forger.secretKey, number));
      default:
        return sendJson(res, 200, signRound(chain.secretKey, number));
    }
  });
}

describe('the drand beacon over HTTP, against a local stub', () => {
  let stub: HttpStub;
  let served: unknown = QUICKNET_ROUND_1000;
  beforeAll(async () => {
    stub = await startHttpStub((req, res) => {
      if (req.url === `/${QUICKNET_INFO.hash}/public/1000`) return sendJson(res, 200, served);
      if (req.url === `/${QUICKNET_INFO.hash}/public/1001`) return sendJson(res, 200, { ...QUICKNET_ROUND_1000, round: 1001 });
      sendJson(res, 404, { error: 'not found' });
    });
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    served = QUICKNET_ROUND_1000;
  });

  it("accepts quicknet's recorded round 1000 (a real signature) without fetching the chain info it has built in", async () => {
    const beacon = new DrandHttpBeacon([stub.url], QUICKNET_INFO.hash);
    expect(await beacon.chain()).toEqual(quicknet);
    expect(await beacon.round(quicknet, 1000)).toEqual(QUICKNET_ROUND_1000);
    expect(stub.requests.map((r) => r.url)).toEqual([`/${QUICKNET_INFO.hash}/public/1000`]);
  });

  it('refuses a changed signature, a changed randomness, another round and another chain key', async () => {
    const beacon = new DrandHttpBeacon([stub.url], QUICKNET_INFO.hash);
    const flipped = QUICKNET_ROUND_1000.signature.replace(/^b4/, 'b5');
    served = { ...QUICKNET_ROUND_1000, signature: flipped };
    await expect(beacon.round(quicknet, 1000)).rejects.toThrow(/signature does not verify/);
    served = { ...QUICKNET_ROUND_1000, randomness: '00'.repeat(32) };
    await expect(beacon.round(quicknet, 1000)).rejects.toThrow(/randomness is not SHA-256/);
    // Round 1000's signature served as round 1001.
    await expect(beacon.round(quicknet, 1001)).rejects.toThrow(/signature does not verify/);
    served = QUICKNET_ROUND_1000;
    await expect(beacon.round({ ...quicknet, publicKey: beaconKeyPair().publicKey }, 1000)).rejects.toBeInstanceOf(BeaconUnavailableError);
  });

  it('tries the next relay when one is down or serves a bad round', async () => {
    const bad = await startHttpStub((_req, res) => sendJson(res, 200, { ...QUICKNET_ROUND_1000, round: 999 }));
    try {
      const beacon = new DrandHttpBeacon(['http://127.0.0.1:9', bad.url, stub.url], QUICKNET_INFO.hash);
      expect(await beacon.round(quicknet, 1000)).toEqual(QUICKNET_ROUND_1000);
      await expect(new DrandHttpBeacon(['http://127.0.0.1:9', bad.url], QUICKNET_INFO.hash).round(quicknet, 1000)).rejects.toThrow(/round 999, not 1000/);
    } finally {
      await bad.close();
    }
  });

  it("fetches another chain's info only when it hashes to the configured chain hash, then verifies its rounds", async () => {
    const chain = testChain();
    const good = await drandStub(chain, () => 'serve');
    try {
      const beacon = new DrandHttpBeacon([good.url], chain.info.hash);
      const descriptor = await beacon.chain();
      expect(descriptor).toEqual({ ...chainOf(chain.info), independent: true });
      const round = await beacon.round(descriptor, 50);
      expect(verifyRoundSignature(descriptor, 50, round.signature)).toBe(true);
      // The same relay asked for a chain hash its info does not hash to.
      const changed = { ...chain, info: { ...chain.info, period: 2 } };
      const lying = await drandStub(changed, () => 'serve');
      try {
        await expect(new DrandHttpBeacon([lying.url], chain.info.hash).chain()).rejects.toThrow(/does not hash to|HTTP 404/);
      } finally {
        await lying.close();
      }
      await expect(new DrandHttpBeacon([good.url], 'ab'.repeat(32)).chain()).rejects.toBeInstanceOf(BeaconUnavailableError);
    } finally {
      await good.close();
    }
  });
});

describe('a draw and its beacon round (drand adapter against a local stub)', () => {
  let t: TestApp;
  let stub: HttpStub;
  let mode: RoundMode = 'serve';
  const chain = testChain();

  beforeAll(async () => {
    stub = await drandStub(chain, () => mode);
    t = await createTestApp({ env: { BEACON: 'drand', DRAND_URLS: stub.url, DRAND_CHAIN_HASH: chain.info.hash, DRAW_SWEEP_SECONDS: '1' } });
  });

  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const getDraw = async (id: string) => (await request(t.app.getHttpServer()).get('/api/draw/get/').query({ id }).expect(200)).body as DrawView & Record<string, unknown>;

  it('draws now with the first round after the request, verified, and publishes it with the seeds', async () => {
    mode = 'serve';
    const accepted = Date.now();
    const id = (await browser(t.app).post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const draw = await getDraw(id);
    expect(draw).toMatchObject({ state: 'drawn', seedScheme: 'beacon/1', waitingFor: null });
    const beacon = draw.beacon!;
    expect(beacon).toMatchObject({
      chainHash: chain.info.hash,
      publicKey: chain.info.public_key,
      genesisTime: chain.info.genesis_time,
      period: 1,
      scheme: 'bls-unchained-g1-rfc9380',
      independent: true,
    });
    expect(roundTime(beacon, beacon.round) * 1000).toBeGreaterThan(accepted);
    expect(roundTime(beacon, beacon.round - 1) * 1000).toBeLessThanOrEqual(Date.parse(draw.scheduleDate));
    expect(signRound(chain.secretKey, beacon.round)).toEqual({ round: beacon.round, randomness: beacon.randomness, signature: beacon.signature });
    expect(draw.seed).toBe(`${draw.serverSeed}${beacon.randomness}`);
    expect(drawnNumbers(draw)).toEqual(rerun(draw));
  });

  it('waits while the beacon is unreachable or serves rounds that do not verify, backing off, and completes with the round fixed before', async () => {
    mode = 'down';
    const id = (await browser(t.app).post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const waiting = await getDraw(id);
    expect(waiting).toMatchObject({ state: 'scheduled', waitingFor: 'Waiting for the public random beacon', seed: null, serverSeed: null });
    const fixed = waiting.beacon!.round;
    expect(waiting.beacon).toMatchObject({ randomness: null, signature: null });

    // A failed try sets the next one ahead, at most 5 s after the first failure, 10 s after the second and so on
    // (the request's own try and the scheduler's can both have failed by now): read here, then brought forward to
    // now once the relay has changed, rather than waited out, as the time having come.
    const failedTry = async (because: RegExp) => {
      const [row] = await waitUntil(
        () =>
          t.query<{ beacon_attempts: number; beacon_error: string | null; wait_ms: number }>(
            'SELECT beacon_attempts, beacon_error, 1000 * EXTRACT(EPOCH FROM beacon_retry_at - now())::float AS wait_ms FROM draw WHERE id = $1',
            [id],
          ),
        ([draw]) => because.test(draw.beacon_error ?? ''),
        `a try failed because of ${String(because)}`,
      );
      expect(row.wait_ms).toBeGreaterThan(0);
      expect(row.wait_ms).toBeLessThanOrEqual(5_000 * 2 ** (row.beacon_attempts - 1));
    };
    const tryNow = () => t.query('UPDATE draw SET beacon_retry_at = now() WHERE id = $1', [id]);
    await failedTry(/503/);

    // A relay serving a forged round (the adapter tests cover the other refusals) is no better than none: the draw keeps waiting.
    mode = 'forged';
    await tryNow();
    await failedTry(/the signature does not verify/);
    expect((await getDraw(id)).state).toBe('scheduled');

    mode = 'serve';
    await tryNow();
    const drawn = await waitUntil(
      () => getDraw(id),
      (draw) => draw.state === 'drawn',
      'the draw drawn once the round is served',
    );
    expect(drawn.beacon!.round).toBe(fixed);
    expect(drawn.waitingFor).toBeNull();
    expect(verifyRoundSignature(drawn.beacon!, fixed, drawn.beacon!.signature!)).toBe(true);
    expect(drawnNumbers(drawn)).toEqual(rerun(drawn));
    const audit = await t.query<{ to_state: string }>('SELECT to_state FROM draw_audit WHERE draw_id = $1 ORDER BY id', [id]);
    expect(audit.map((row) => row.to_state)).toEqual(['scheduled', 'drawn']);
  });

  it('draws a draw still waiting after its time at the round fixed before when its owner asks to draw it now: its certificate verifies', async () => {
    mode = 'down';
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2 }))
        .expect(200)
    ).body as string;
    const waiting = await getDraw(id);
    expect(waiting).toMatchObject({ state: 'scheduled', waitingFor: 'Waiting for the public random beacon' });
    const fixed = waiting.beacon!.round;
    // Still waiting 10 s after its time, when the page offers draw now again (the time moved back rather than waited out).
    await t.query(`UPDATE draw SET schedule_date = schedule_date - interval '10 seconds' WHERE id = $1`, [id]);
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200);

    mode = 'serve';
    await t.query('UPDATE draw SET beacon_retry_at = now() WHERE id = $1', [id]);
    const drawn = await waitUntil(
      () => getDraw(id),
      (draw) => draw.state === 'drawn',
      'the draw drawn once the round is served',
    );
    const certificate = (
      await request(t.app.getHttpServer())
        .get(`/api/certificate/${drawn.shortCode as string}`)
        .expect(200)
    ).body;
    const verified = await verifyDraw(certificate, {}, null);
    expect(verified.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verified.match).toBe(true);
    // A move made once the draw's time had come could pick a round already out: the draw keeps the round fixed before.
    expect(drawn.beacon!.round).toBe(fixed);
  });

  // On this file's drand app rather than one of its own: its draws have run by now, and none made a local round.
  it('runs no beacon of its own where drand is used', async () => {
    const response = await request(t.app.getHttpServer()).get('/api/beacon/info').expect(404);
    expect(response.body.message).toMatch(/drand/);
    expect(await t.query('SELECT 1 FROM local_beacon')).toEqual([]);
  });
});

describe("the service's own beacon, public in drand's shapes", () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });

  afterAll(() => t.close());

  it('serves its chain info and signed rounds once their time has come; a drand client verifies them', async () => {
    const info = (await request(base).get('/api/beacon/info').expect(200)).body as DrandChainInfo;
    expect(info).toMatchObject({ schemeID: 'bls-unchained-g1-rfc9380', metadata: { beaconID: 'fairdraw-local' } });
    expect(chainHashOf(info)).toBe(info.hash);
    expect((await request(base).get(`/api/beacon/${info.hash}/info`).expect(200)).body).toEqual(info);

    const latest = (await request(base).get(`/api/beacon/${info.hash}/public/latest`).expect(200)).body as { round: number };
    const local: BeaconDescriptor = { ...chainOf(info), independent: false };
    // The service's beacon as a drand relay: our own drand adapter verifies its rounds.
    const round = await new DrandHttpBeacon([`${base}/api/beacon`], info.hash).round(local, latest.round);
    expect(verifyRoundSignature(local, latest.round, round.signature)).toBe(true);

    await request(base)
      .get(`/api/beacon/${info.hash}/public/${latest.round + 1000}`)
      .expect(404);
    for (const junk of ['0', '-1', '1e308', '18446744073709551616', 'abc']) await request(base).get(`/api/beacon/${info.hash}/public/${junk}`).expect(404);
    await request(base)
      .get(`/api/beacon/${'ab'.repeat(32)}/public/1`)
      .expect(404);
  });
});
