import { TooManyRequestsException } from '../../src/platform/http/too-many-requests.exception.js';
import { RateLimitService } from '../../src/platform/rate-limit/rate-limit.service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('rate limits counted in PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const policy = () => t.app.get(RateLimitService).policy({ name: 'test-login', points: 2, windowSeconds: 60, message: 'Too many attempts. Try again in {seconds} seconds.' });

  it('allows the configured attempts, then refuses with 429, the wait in the message and Retry-After', async () => {
    const limit = policy();
    await limit.consume('alice@example.com');
    await limit.consume('alice@example.com');
    const refusal = await limit.consume('alice@example.com').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsException);
    const exception = refusal as TooManyRequestsException;
    expect(exception.getStatus()).toBe(429);
    expect(exception.retryAfterSeconds).toBeGreaterThan(55);
    expect(exception.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(exception.getResponse()).toEqual({ message: `Too many attempts. Try again in ${exception.retryAfterSeconds} seconds.` });
    expect(await limit.isBlocked('alice@example.com')).toBe(true);
    // Other keys are counted apart.
    await expect(limit.consume('bob@example.com')).resolves.toBeUndefined();
  });

  it('forgets a key on reset', async () => {
    const limit = policy();
    await limit.reset('alice@example.com');
    expect(await limit.isBlocked('alice@example.com')).toBe(false);
    await expect(limit.consume('alice@example.com')).resolves.toBeUndefined();
  });

  it('is shared by every process on the same database', async () => {
    const second = await createTestAppOnSameDatabase(t);
    try {
      const here = policy();
      const there = second.get(RateLimitService).policy({ name: 'test-shared', points: 1, windowSeconds: 60, message: 'Wait {seconds} s.' });
      await there.consume('carol');
      const hereShared = t.app.get(RateLimitService).policy({ name: 'test-shared', points: 1, windowSeconds: 60, message: 'Wait {seconds} s.' });
      await expect(hereShared.consume('carol')).rejects.toBeInstanceOf(TooManyRequestsException);
      expect(here).toBeDefined();
    } finally {
      await second.close();
    }
  });
});

/** A second application instance on the first one's database, as a second server process behind a load balancer. */
async function createTestAppOnSameDatabase(t: TestApp) {
  const { createApp } = await import('../../src/bootstrap/create-app.js');
  const app = await createApp({ databaseUrl: t.databaseUrl, env: { NODE_ENV: 'test' }, logger: ['error'] });
  return app;
}
