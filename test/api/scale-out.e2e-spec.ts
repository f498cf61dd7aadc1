import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, registration } from '../support/accounts.js';
import { simpleDraw } from '../support/draws.js';
import { filesUnder } from '../support/entries-files.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../setup/test-database.js';

/** Two identical processes behind a (pretend) load balancer: one PostgreSQL, one S3-compatible bucket, nothing shared on disk. */
describe('scale-out: two processes on one database and one bucket', () => {
  let database: { url: string; drop(): Promise<void> };
  let s3: S3Server;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server();
    const sessionSecret = randomUUID() + randomUUID();
    const start = async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-scale-out-'));
      dataDirs.push(dataDir);
      return startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET: sessionSecret, ...s3.env });
    };
    [a, b] = await Promise.all([start(), start()]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3.close();
    await database.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A browser: keeps its session cookie whichever process answers. */
  function browserOn() {
    let cookie = '';
    return async (server: ServerProcess, path: string, init: { method?: string; json?: unknown; form?: FormData } = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        method: init.method ?? (init.json || init.form ? 'POST' : 'GET'),
        headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.json ? { 'Content-Type': 'application/json' } : {}) },
        body: init.form ?? (init.json ? JSON.stringify(init.json) : undefined),
      });
      const set = response.headers.getSetCookie().find((value) => value.startsWith('fairdraw.sid='));
      if (set) cookie = set.split(';')[0];
      return response;
    };
  }

  it('accepts a session made on A on B, and draws on B from a file uploaded through A', async () => {
    const call = browserOn();
    const account = registration();
    expect((await call(a, '/api/account/register/', { json: account })).status).toBe(200);
    const clientSession = `tab-${randomUUID()}`;
    const checked = await call(b, '/api/account/authenticated', { json: { clientSession } });
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { user: { email: string } }).user.email).toBe(account.email);

    const lines = ['name,tickets', ...Array.from({ length: 500 }, (_, i) => `Entrant-${i + 1}-X,${(i % 4) + 1}`)];
    const file = lines.join('\n') + '\n';
    const form = new FormData();
    form.set('clientSession', clientSession);
    form.set('file', new Blob([file]), 'entries.csv');
    const uploaded = await call(a, '/api/Upload', { form });
    expect(uploaded.status).toBe(201);
    const { serverFileName: fileName } = (await uploaded.json()) as { serverFileName: string };

    const confirmed = await call(b, '/api/draw/getConfirmDrawDetails', { json: { fileName, clientSession, advancedUpload: true, demoMode: false } });
    expect(await confirmed.json()).toMatchObject({ rowCount: 501, headerRowString: 'name,tickets' });
    const submitted = await call(b, '/api/draw/submitdraw/', {
      json: simpleDraw({
        entryMethod: 'uploadAdvanced',
        entriesCount: undefined,
        fileName,
        headerRowsIncluded: true,
        entryCountColumn: 1,
        prizes: [{ description: 'Car', quantity: 4, reserves: 2 }],
        clientSession,
      }),
    });
    expect(submitted.status).toBe(200);
    const id = (await submitted.json()) as string;

    // Either process answers the same draw, with the winners' rows read back from the bucket.
    const draw = (await (await call(a, `/api/draw/get/?id=${id}`)).json()) as {
      state: string;
      entriesSha256: string;
      prizes: { winners: { entryNumber: number; columns: string[] }[]; reserveWinners: { entryNumber: number; columns: string[] }[] }[];
    };
    expect(draw.state).toBe('drawn');
    expect(draw.entriesSha256).toBe(createHash('sha256').update(file).digest('hex'));
    const drawn = [...draw.prizes[0].winners, ...draw.prizes[0].reserveWinners];
    expect(drawn).toHaveLength(6);
    for (const winner of drawn) expect(winner.columns).toEqual(lines[winner.entryNumber].split(','));
    const download = await call(a, `/download/entries/${id}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(file);

    // Nothing was kept on either process's disk: the bucket holds the files.
    for (const dir of dataDirs) expect(await filesUnder(join(dir, 'files'))).toEqual([]);

    // A login on B is a session on A too.
    const other = browserOn();
    expect((await other(b, '/api/account/login/', { json: { email: account.email, password: PASSWORD } })).status).toBe(200);
    expect((await other(a, '/api/account/authenticated', { json: { clientSession: `tab-${randomUUID()}` } })).status).toBe(200);
  });

  it('downloads from B a generator result made on A, from the bucket', async () => {
    const made = await fetch(`${a.url}/api/tools/GenerateRandomNumbers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 2000, lowerLimit: '1', upperLimit: '999999', seed: 'made on A' }),
    });
    expect(made.status).toBe(200);
    const { fileName, numbers } = (await made.json()) as { fileName: string; numbers: string[] };
    const onB = await fetch(`${b.url}/download/numbers/${fileName}.txt`);
    expect(onB.status).toBe(200);
    const lines = (await onB.text()).split('\n');
    expect(lines).toHaveLength(2001);
    expect(lines.slice(0, 1000)).toEqual(numbers);
    for (const dir of dataDirs) expect(await filesUnder(join(dir, 'files'))).toEqual([]);
  });
});
