import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesUnder } from '../support/entries-files.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { waitUntil } from '../support/wait-until.js';
import { createTestDatabase } from '../setup/test-database.js';

describe('graceful shutdown on SIGTERM (the built server)', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-shutdown-'));
    server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '60' });
  });

  afterAll(async () => {
    await server.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops taking requests, lets an upload under way finish, stops the jobs and the database, and exits with 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const boundary = 'fairdraw-shutdown-test';
    const rows = Array.from({ length: 2000 }, (_, i) => `Entrant ${i + 1},${i % 5}`).join('\n') + '\n';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="clientSession"\r\n\r\nshutdown-test-session\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="entries.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const half = Math.floor(rows.length / 2);

    const upload = httpRequest(`${server.url}/api/Upload`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.once('response', (response: IncomingMessage) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      upload.once('error', reject);
    });
    upload.write(head + rows.slice(0, half));
    // The server is streaming the file to storage: its partial file exists.
    await waitUntil(
      () => filesUnder(join(dataDir, 'files')),
      (files) => files.some((file) => file.endsWith('.partial')),
      'the upload to be under way',
    );

    server.child.kill('SIGTERM');
    await server.waitFor('SIGTERM: shutting down');
    // New connections are refused while the upload is still open.
    await waitUntil(
      () =>
        fetch(`${server.url}/api/version/get`).then(
          () => 'accepted',
          (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
        ),
      (outcome) => outcome === 'ECONNREFUSED',
      'the listener to close',
    );

    upload.end(rows.slice(half) + tail);
    const { status, body } = await answered;
    expect(status).toBe(201);
    const { serverFileName } = JSON.parse(body) as { serverFileName: string };
    expect(await exited).toBe(0);
    expect(await filesUnder(join(dataDir, 'files'))).toContainEqual(expect.stringMatching(new RegExp(`${serverFileName}\\.upload$`)));

    const steps = [
      'SIGTERM: shutting down',
      'Stopped taking requests; the requests under way have finished',
      'Job workers stopped; running jobs finished or handed back',
      'Database connections closed; exiting',
    ].map((step) => server.output().indexOf(step));
    expect(steps.every((at) => at >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    // The upload's answer was logged before the listener finished closing.
    expect(server.output().indexOf('"route":"/api/Upload","statusCode":201')).toBeLessThan(steps[1]);
  });
});
