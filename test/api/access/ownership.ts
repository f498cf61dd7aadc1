import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, registeredUser } from '../../support/accounts.js';
import { plainBranding, simpleDraw } from '../../support/draws.js';
import { newClientSession } from '../../support/entries-files.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The one ownership policy (src/platform/ownership) through the API: every owned resource against every kind of
 * caller. The owner is a user who made everything on the website; each row says what each caller gets.
 */
const CALLERS = ['owner session', 'owner live key', 'owner test key', 'other session', 'other live key', 'administrator', 'visitor'] as const;
type CallerName = (typeof CALLERS)[number];

interface Call {
  method: 'get' | 'post';
  path: string;
  body?: Record<string, unknown>;
}

interface Row {
  resource: string;
  call(ids: Fixtures): Call;
  /** The status each caller gets; `check` then tells owner from public answers where both are 200. */
  expected: Record<CallerName, number>;
  check?: (caller: CallerName, body: Record<string, unknown>) => void;
}

interface Fixtures {
  scheduled: string;
  drawn: string;
  draft: string;
  file: string;
}

const BRANDING = plainBranding();

/** Owner (by session or either key) and administrators get it; nobody else learns it exists. */
const OWNER_OR_ADMIN = { 'owner session': 200, 'owner live key': 200, 'owner test key': 200, 'other session': 404, 'other live key': 404, administrator: 200, visitor: 404 };
/** Changes to a live (website) draw: a test key is refused with 403, as DESIGN.md "Draw source" says. */
const CHANGE_BY_OWNER_OR_ADMIN = { ...OWNER_OR_ADMIN, 'owner test key': 403 };
const OWNER_ONLY = { ...OWNER_OR_ADMIN, administrator: 404 };

const ROWS: Row[] = [
  {
    resource: "a draw's page (winners' rows for the owner and administrators)",
    call: ({ drawn }) => ({ method: 'get', path: `/api/draw/get/?id=${drawn}` }),
    expected: { 'owner session': 200, 'owner live key': 200, 'owner test key': 200, 'other session': 200, 'other live key': 200, administrator: 200, visitor: 200 },
    check: (caller, body) => expect(body.isOwner).toBe(caller.startsWith('owner') || caller === 'administrator'),
  },
  {
    resource: 'rescheduling a draw',
    call: ({ scheduled }) => ({ method: 'post', path: '/api/draw/reschedule/', body: { id: scheduled, scheduleDate: new Date(Date.now() + 7_200_000).toISOString() } }),
    expected: CHANGE_BY_OWNER_OR_ADMIN,
  },
  {
    resource: "a draw's certificate branding",
    call: ({ scheduled }) => ({ method: 'post', path: '/api/draw/branding', body: { drawId: scheduled, branding: BRANDING } }),
    expected: CHANGE_BY_OWNER_OR_ADMIN,
  },
  {
    resource: "a draw's publication set-up",
    call: ({ drawn }) => ({ method: 'post', path: '/api/draw/publication/', body: { id: drawn } }),
    expected: OWNER_OR_ADMIN,
  },
  {
    resource: "a draw's results download",
    call: ({ drawn }) => ({ method: 'get', path: `/download/results/${drawn}` }),
    expected: OWNER_OR_ADMIN,
  },
  {
    resource: "a draw's winners certificate",
    call: ({ drawn }) => ({ method: 'get', path: `/download/certificatewinners/${drawn}` }),
    expected: OWNER_OR_ADMIN,
  },
  {
    resource: 'a draft',
    call: ({ draft }) => ({ method: 'get', path: `/api/draw/getIncompleteDraw/?id=${draft}` }),
    expected: OWNER_ONLY,
  },
  {
    resource: 'an uploaded entries file',
    call: ({ file }) => ({ method: 'post', path: '/api/draw/getConfirmDrawDetails', body: { fileName: file, advancedUpload: false, demoMode: false } }),
    expected: OWNER_ONLY,
  },
];

describe('one ownership policy: every owned resource against every kind of caller (API)', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  const agents = new Map<CallerName, TestAgent>();
  const keys = new Map<CallerName, string>();

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const owner = await registeredUser(t.app);
    const other = await registeredUser(t.app);
    const admin = await registeredUser(t.app);
    await t.query('UPDATE users SET api_enabled = true WHERE email = ANY($1)', [[owner.email, other.email]]);
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [admin.email]);
    agents.set('owner session', owner.agent).set('other session', other.agent).set('administrator', admin.agent).set('visitor', browser(t.app));
    keys.set('owner live key', (await owner.agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key);
    keys.set('owner test key', (await owner.agent.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key);
    keys.set('other live key', (await other.agent.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key);

    await owner.agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const scheduleDate = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (
      await owner.agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2, scheduleOption: 1, scheduleDate }))
        .expect(200)
    ).body as string;
    const drawn = (
      await owner.agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ paymentOption: 2 }))
        .expect(200)
    ).body as string;
    const draft = (
      await owner.agent
        .post('/api/draw/saveIncompleteDraw/')
        .send({ wizardState: { step: 'name' } })
        .expect(200)
    ).body.id as string;
    const uploaded = owner.agent.post('/api/Upload').field('clientSession', newClientSession());
    const file = (await uploaded.attach('file', Buffer.from('email\na@x.example\nb@x.example\n'), { filename: 'entries.csv', contentType: 'text/csv' }).expect(201)).body.serverFileName as string;
    fixtures = { scheduled, drawn, draft, file };
  });

  afterAll(async () => {
    await t.close();
  });

  function send(caller: CallerName, { method, path, body }: Call): request.Test {
    const key = keys.get(caller);
    const started = key ? request(t.app.getHttpServer())[method](path).set('Authorization', `Bearer ${key}`) : agents.get(caller)![method](path);
    return body ? started.send(body) : started;
  }

  it.each(ROWS.map((row) => [row.resource, row] as const))('%s', async (_resource, row) => {
    const answers: Partial<Record<CallerName, number>> = {};
    for (const caller of CALLERS) {
      const response = await send(caller, row.call(fixtures));
      answers[caller] = response.status;
      if (response.status === 200) row.check?.(caller, response.body as Record<string, unknown>);
    }
    expect(answers).toEqual(row.expected);
  });
});
