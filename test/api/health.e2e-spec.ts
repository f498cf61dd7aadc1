import pg from 'pg';
import request from 'supertest';
import { ShutdownState } from '../../src/platform/health/shutdown-state.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

describe('health and readiness (API)', () => {
  let s3: S3Server;
  let healthy: TestApp;
  let noBucket: TestApp;
  let cutOff: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    [healthy, noBucket, cutOff] = await Promise.all([createTestApp({ env: s3.env }), createTestApp({ env: { ...s3.env, S3_BUCKET: 'a-bucket-that-does-not-exist' } }), createTestApp({ env: s3.env })]);
  });

  afterAll(async () => {
    await Promise.all([healthy.close(), noBucket.close(), cutOff.close()]);
    await s3.close();
  });

  it('is live, and ready with the database, the job queue and the storage up', async () => {
    const live = await request(healthy.app.getHttpServer()).get('/health/live').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await request(healthy.app.getHttpServer()).get('/health/ready').expect(200);
    expect(ready.body.status).toBe('ok');
    for (const part of ['database', 'jobs', 'storage', 'shutdown']) expect(ready.body.details[part]).toMatchObject({ status: 'up' });
  });

  it('is not ready, and says which part is down, when the storage cannot be reached', async () => {
    await request(noBucket.app.getHttpServer()).get('/health/live').expect(200);
    const ready = await request(noBucket.app.getHttpServer()).get('/health/ready').expect(503);
    expect(ready.body.status).toBe('error');
    expect(ready.body.error.storage).toMatchObject({ status: 'down', message: 'The bucket a-bucket-that-does-not-exist answered 404.' });
    expect(ready.body.details.database).toMatchObject({ status: 'up' });
    expect(ready.body.details.jobs).toMatchObject({ status: 'up' });
  });

  it('is not ready while its database refuses connections, and ready again once it takes them', async () => {
    // From the server's maintenance database: a database cannot refuse connections from inside itself.
    const url = new URL(cutOff.databaseUrl);
    const name = decodeURIComponent(url.pathname.slice(1));
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const allow = (on: boolean) => admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${on}`);
    try {
      // As a database restart or failover looks to the app: every connection it holds ends, and new ones are refused.
      await allow(false);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const ready = await request(cutOff.app.getHttpServer()).get('/health/ready').expect(503);
      expect(ready.body.status).toBe('error');
      expect(ready.body.error.database).toMatchObject({ status: 'down' });
      expect(ready.body.error.jobs).toMatchObject({ status: 'down' });
      expect(ready.body.details.storage).toMatchObject({ status: 'up' });
      await request(cutOff.app.getHttpServer()).get('/health/live').expect(200);
    } finally {
      await allow(true);
      await admin.end();
    }
    const again = await waitUntil(
      async () => (await request(cutOff.app.getHttpServer()).get('/health/ready')).status,
      (status) => status === 200,
      'readiness once the database takes connections again',
      { timeoutMs: 20_000 },
    );
    expect(again).toBe(200);
  });

  it('is left out of the API reference', async () => {
    const document = (await request(healthy.app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body;
    expect(Object.keys(document.paths).filter((path) => path.includes('health'))).toEqual([]);
  });

  it('stops being ready once the process is shutting down, while still answering', async () => {
    healthy.app.get(ShutdownState).begin();
    const ready = await request(healthy.app.getHttpServer()).get('/health/ready').expect(503);
    expect(ready.body.error.shutdown).toMatchObject({ status: 'down', message: 'This process is shutting down.' });
    await request(healthy.app.getHttpServer()).get('/health/live').expect(200);
    await request(healthy.app.getHttpServer()).get('/api/version/get').expect(200);
  });
});
