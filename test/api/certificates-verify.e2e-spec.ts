import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { registeredUser } from '../support/accounts.js';
import { simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

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
        .send(simpleDraw({ entryMethod: 'uploadAdvanced', entriesCount: undefined, fileName, headerRowsIncluded: true, entryCountColumn: 1, entrantUniqueIdColumn: 2, oneWinPerEntrant: true, clientSession, prizes: [{ description: 'TV', quantity: 4, reserves: 2 }, { description: 'Mug', quantity: 6, reserves: 0 }] }))
        .expect(200)
    ).body as string;
    const shortCode = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode as string;
    const cert = (await request(t.app.getHttpServer()).get(`/api/certificate/${shortCode}`).expect(200)).body;
    await writeFile(join(dir, 'certificate.json'), JSON.stringify(cert));
    await writeFile(join(dir, 'entries.csv'), file);

    const good = await verify(['--entries', join(dir, 'entries.csv'), '--seed', cert.seed, '--draw-json', join(dir, 'certificate.json')]);
    expect(good.stdout).toContain(`MATCH: draw ${shortCode} is verified`);
    expect(good.code).toBe(0);
    expect(good.stdout).not.toContain('MISMATCH');

    // One row changed: its ticket count (row 2 of the file) goes from 2 to 3.
    const changed = file.replace('p1@example.com,2,M1', 'p1@example.com,3,M1');
    expect(changed).not.toBe(file);
    await writeFile(join(dir, 'changed.csv'), changed);
    const bad = await verify(['--entries', join(dir, 'changed.csv'), '--seed', cert.seed, '--draw-json', join(dir, 'certificate.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^MISMATCH Entries file SHA-256: /m);
    expect(bad.stdout).toMatch(/\nMISMATCH: Entries file SHA-256/);

    const wrongSeed = await verify(['--entries', join(dir, 'entries.csv'), '--seed', 'ab'.repeat(32), '--draw-json', join(dir, 'certificate.json')]);
    expect(wrongSeed.code).toBe(1);
    expect(wrongSeed.stdout).toMatch(/\nMISMATCH: Seed commitment; Revealed seed; Prize 1 winners/);

    const usage = await verify(['--seed', cert.seed]);
    expect(usage.code).toBe(2);
  });
});
