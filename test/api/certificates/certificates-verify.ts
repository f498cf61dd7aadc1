import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { registeredUser } from '../../support/accounts.js';
import { simpleDraw } from '../../support/draws.js';
import { uploaded } from '../../support/entries-files.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { waitUntil } from '../../support/wait-until.js';

const VERIFY = resolve('dist/scripts/verify.js');

/** Runs the built verify command (what `npm run verify --` runs) and answers its exit code and output. */
async function verify(args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [VERIFY, ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

function entriesFile(rows: number): string {
  const lines = ['email,tickets,member'];
  for (let i = 1; i <= rows; i++) lines.push(`p${i}@example.com,${(i % 4) + 1},M${Math.ceil(i / 3)}`);
  return lines.join('\r\n') + '\r\n';
}

describe('npm run verify on a real drawn draw', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), 'fairdraw-verify-'));
  });

  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('matches with the file and the revealed seed, and names the mismatch of a file with one row changed or a wrong seed', async () => {
    const { agent } = await registeredUser(t.app);
    const file = entriesFile(120);
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', file);
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(
          simpleDraw({
            entryMethod: 'uploadAdvanced',
            entriesCount: undefined,
            fileName,
            headerRowsIncluded: true,
            entryCountColumn: 1,
            entrantUniqueIdColumn: 2,
            oneWinPerEntrant: true,
            clientSession,
            prizes: [
              { description: 'TV', quantity: 4, reserves: 2 },
              { description: 'Mug', quantity: 6, reserves: 0 },
            ],
          }),
        )
        .expect(200)
    ).body as string;
    const shortCode = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode as string;
    const cert = (await request(t.app.getHttpServer()).get(`/api/certificate/${shortCode}`).expect(200)).body;
    await writeFile(join(dir, 'certificate.json'), JSON.stringify(cert));
    await writeFile(join(dir, 'entries.csv'), file);

    expect(cert.seedScheme).toBe('beacon/1');
    const good = await verify(['--entries', join(dir, 'entries.csv'), '--server-seed', cert.serverSeed, '--draw-json', join(dir, 'certificate.json')]);
    expect(good.stdout).toContain(`MATCH: draw ${shortCode} is verified`);
    expect(good.code).toBe(0);
    expect(good.stdout).not.toContain('MISMATCH');
    // In docs/verification.md's order: commitment, round time, chain, signature, randomness, then the winners.
    expect([...good.stdout.matchAll(/^OK +([^:]+):/gm)].map((m) => m[1]).slice(0, 7)).toEqual([
      'Seed scheme',
      'Server seed commitment',
      'Beacon round time',
      'Beacon chain',
      'Beacon signature',
      'Beacon randomness',
      'Revealed seed',
    ]);
    expect(good.stdout).toContain("FairDraw's own beacon");
    // Without --server-seed, the certificate's revealed one is checked.
    expect((await verify(['--entries', join(dir, 'entries.csv'), '--draw-json', join(dir, 'certificate.json')])).code).toBe(0);

    // One row changed: its ticket count (row 2 of the file) goes from 2 to 3.
    const changed = file.replace('p1@example.com,2,M1', 'p1@example.com,3,M1');
    expect(changed).not.toBe(file);
    await writeFile(join(dir, 'changed.csv'), changed);
    const bad = await verify(['--entries', join(dir, 'changed.csv'), '--draw-json', join(dir, 'certificate.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^MISMATCH Entries file SHA-256: /m);
    expect(bad.stdout).toMatch(/\nMISMATCH: Entries file SHA-256/);

    const wrongSeed = await verify(['--entries', join(dir, 'entries.csv'), '--server-seed', 'ab'.repeat(32), '--draw-json', join(dir, 'certificate.json')]);
    expect(wrongSeed.code).toBe(1);
    expect(wrongSeed.stdout).toMatch(/\nMISMATCH: Server seed commitment; Revealed seed; Prize 1 winners/);

    // A certificate whose beacon signature was altered: refused at the signature, nothing re-run.
    const signature = cert.beacon.signature as string;
    await writeFile(join(dir, 'forged.json'), JSON.stringify({ ...cert, beacon: { ...cert.beacon, signature: `${signature.slice(0, 90)}${signature.slice(90) === '000000' ? '111111' : '000000'}` } }));
    const forged = await verify(['--entries', join(dir, 'entries.csv'), '--draw-json', join(dir, 'forged.json')]);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(/\nMISMATCH: Beacon signature$/m);

    // A round before the draw's time would have been known in advance: refused.
    await writeFile(join(dir, 'early.json'), JSON.stringify({ ...cert, scheduleDate: new Date(Date.parse(cert.beacon.roundTime) + 1000).toISOString() }));
    expect((await verify(['--entries', join(dir, 'entries.csv'), '--draw-json', join(dir, 'early.json')])).stdout).toMatch(/\nMISMATCH: Beacon round time$/m);

    const usage = await verify(['--seed', cert.seed]);
    expect(usage.code).toBe(2);
  });

  it('verifies a draw of the scheme before the beacon (seed/1) as it always did, and says which scheme', async () => {
    const { agent } = await registeredUser(t.app);
    const at = new Date(Date.now() + 5_000);
    // Twenty winners: a wrong seed cannot pick the same ones by chance.
    const prizes = [{ description: 'Hamper', quantity: 20, reserves: 0 }];
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ prizes, scheduleOption: 1, scheduleDate: at.toISOString() }))
        .expect(200)
    ).body as string;
    // As a draw made before the migration left it: a 32-byte seed committed to by its SHA-256, no beacon round.
    await t.query(`UPDATE draw SET seed_scheme = 'seed/1', beacon = NULL, beacon_round = NULL WHERE id = $1`, [id]);
    const drawn = await waitUntil(
      () =>
        agent
          .get('/api/draw/get/')
          .query({ id })
          .then((r) => r.body),
      (draw) => draw.state === 'drawn',
      'the seed/1 draw drawn',
    );
    expect(drawn).toMatchObject({ seedScheme: 'seed/1', serverSeed: null, beacon: null });
    expect(createHash('sha256').update(Buffer.from(drawn.seed, 'hex')).digest('hex')).toBe(drawn.seedHash);
    // Made before the draw log too, its certificate names no log entries (this one's log shows the round taken away).
    const cert = { ...(await request(t.app.getHttpServer()).get(`/api/certificate/${drawn.shortCode}`).expect(200)).body, log: null };
    await writeFile(join(dir, 'legacy.json'), JSON.stringify(cert));
    const good = await verify(['--seed', cert.seed, '--draw-json', join(dir, 'legacy.json')]);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^OK +Seed scheme: seed\/1/m);
    expect(good.stdout).toMatch(/^OK +Seed commitment: /m);
    const wrong = await verify(['--seed', 'ab'.repeat(32), '--draw-json', join(dir, 'legacy.json')]);
    expect(wrong.stdout).toMatch(/\nMISMATCH: Seed commitment; Revealed seed; Prize 1 winners$/m);
  });
});
