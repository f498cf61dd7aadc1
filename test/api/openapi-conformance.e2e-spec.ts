import { readFileSync } from 'node:fs';
import ajvModule, { type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, registeredUser } from '../support/accounts.js';
import { plainBranding, simpleDraw } from '../support/draws.js';
import { uploaded } from '../support/entries-files.js';
import { logoJpeg } from '../support/images.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait-until.js';

/**
 * What an API customer's generated client expects: every answer of a representative set of real calls (a visitor, a
 * user by session, by live and by test API key, an administrator; successes and refusals) is checked against the
 * response openapi.json documents for its operation and status: the status must be documented, and the body must
 * match its schema, with no field the schema does not name.
 */

interface Schema {
  [keyword: string]: unknown;
}

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema?: Schema & { default?: unknown } }[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
  security?: Record<string, string[]>[];
};

/** OpenAPI 3.0 to JSON Schema: `nullable` as a null alternative, and objects closed to fields they do not name. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, example: _example, ...rest } = schema as Schema;
  const converted: Schema = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === '$ref') converted.$ref = `openapi#/components/schemas/${String(value).split('/').pop()}`;
    else if (key === 'properties') converted.properties = Object.fromEntries(Object.entries(value as Schema).map(([name, property]) => [name, toJsonSchema(property)]));
    else converted[key] = toJsonSchema(value);
  }
  if (converted.properties && converted.additionalProperties === undefined) converted.additionalProperties = false;
  return nullable ? { anyOf: [converted, { type: 'null' }] } : converted;
}

// CommonJS packages: their default export is the module object, whose `default` is the class and the plugin.
const ajv = new ajvModule.default({ strict: false, allErrors: true });
ajvFormats.default(ajv);
ajv.addFormat('binary', true);
ajv.addSchema({ $id: 'openapi', components: { schemas: toJsonSchema(document.components.schemas) } });

const operations = new Map<string, Operation>();
for (const methods of Object.values(document.paths)) for (const operation of Object.values(methods)) operations.set(operation.operationId, operation);

const compiled = new Map<string, ValidateFunction>();

/** Why an answer does not match its operation's documented response, or nothing. */
function mismatch(operationId: string, response: request.Response): string | undefined {
  const operation = operations.get(operationId);
  if (!operation) return `${operationId}: no such operation`;
  const documented = operation.responses[String(response.status)] ?? operation.responses.default;
  if (!documented) return `${operationId}: answered ${response.status}, documented ${Object.keys(operation.responses).join(', ')} → ${JSON.stringify(response.body).slice(0, 200)}`;
  const json = documented.content?.['application/json'];
  const contentType = String(response.headers['content-type'] ?? '');
  if (!json) {
    if (contentType.includes('application/json')) return `${operationId}: ${response.status} answers JSON, documented without a JSON body → ${response.text.slice(0, 200)}`;
    return undefined;
  }
  if (!contentType.includes('application/json')) return `${operationId}: ${response.status} answers ${contentType}, documented as JSON`;
  const key = `${operationId} ${response.status}`;
  const validate = compiled.get(key) ?? ajv.compile(toJsonSchema(json.schema) as Schema);
  compiled.set(key, validate);
  if (validate(JSON.parse(response.text))) return undefined;
  const errors = (validate.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
  );
  return `${operationId}: ${response.status} does not match its schema: ${[...new Set(errors)].slice(0, 6).join('; ')}`;
}

/** Why a path of the operation, filled with these values, is one its documentation does not allow, or nothing. */
function parameterMismatch(operationId: string, values: Record<string, string>): string | undefined {
  const parameters = operations.get(operationId)?.parameters ?? [];
  for (const [name, value] of Object.entries(values)) {
    const parameter = parameters.find((candidate) => candidate.name === name && candidate.in === 'path');
    if (!parameter) return `${operationId}: no path parameter ${name}`;
    const validate = ajv.compile(toJsonSchema(parameter.schema ?? {}) as Schema);
    if (!validate(value)) return `${operationId}: ${name} ${JSON.stringify(value)} is not documented: ${(validate.errors ?? []).map((error) => error.message).join('; ')}`;
  }
  return undefined;
}

describe('openapi.json describes what the API answers (API)', () => {
  let t: TestApp;
  let user: TestAgent;
  let admin: TestAgent;
  let userId: string;
  let liveKey: string;
  let testKey: string;
  let drawId: string;
  let shortCode: string;
  const failures: string[] = [];

  const server = () => t.app.getHttpServer();
  const withKey = (key: string) => ({
    get: (path: string) => request(server()).get(path).set('Authorization', `Bearer ${key}`),
    post: (path: string) => request(server()).post(path).set('Authorization', `Bearer ${key}`),
  });

  /** Checks the answer against its operation's documentation and answers it, for the calls that build on it. */
  async function call(operationId: string, pending: request.Test, expectedStatus?: number): Promise<request.Response> {
    const response = await pending;
    if (expectedStatus !== undefined && response.status !== expectedStatus) failures.push(`${operationId}: expected ${expectedStatus}, got ${response.status} ${response.text.slice(0, 200)}`);
    const problem = mismatch(operationId, response);
    if (problem) failures.push(problem);
    return response;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const made = await registeredUser(t.app);
    user = made.agent;
    [{ id: userId }] = await t.query<{ id: string }>('UPDATE users SET api_enabled = true WHERE email = $1 RETURNING id', [made.email]);
    const madeAdmin = await registeredUser(t.app);
    admin = madeAdmin.agent;
    await t.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [madeAdmin.email]);
    liveKey = (await user.post('/api/account/createApiKey/').send({ kind: 'live' }).expect(200)).body.key;
    testKey = (await user.post('/api/account/createApiKey/').send({ kind: 'test' }).expect(200)).body.key;
    // Credits for the draws paid with them, and an invoice to download.
    await user.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(() => {
    failures.length = 0;
  });

  it('documents the API key and the error envelope every refusal answers', () => {
    expect(document.components.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{}, { apiKey: [] }]);
    for (const operation of operations.values()) expect(operation.responses.default?.content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
  });

  it('answers as documented: account, keys and billing', async () => {
    const visitor = browser(t.app);
    await call('getAccount', visitor.get('/api/account/get/'), 200);
    await call('getAccount', user.get('/api/account/get/'), 200);
    await call('authenticated', visitor.post('/api/account/authenticated/').send({ clientSession: 'tab-0001' }), 401);
    await call('authenticated', user.post('/api/account/authenticated/').send({ clientSession: 'tab-0001' }), 200);
    await call('checkEmail', visitor.get('/api/account/check/').query({ email: 'nobody@example.com' }), 200);
    await call('getVersion', visitor.get('/api/version/get/'), 200);
    await call('getSiteConfiguration', visitor.get('/api/site/configuration/'), 200);
    await call('getReviews', visitor.get('/api/site/reviews/'), 200);
    await call('getPrices', visitor.get('/api/billing/getPrices/').query({ currency: 'AUD' }), 200);
    await call('login', browser(t.app).post('/api/account/login/').send({ email: 'nobody@example.com', password: 'wrong password here' }), 401);
    await call('register', browser(t.app).post('/api/account/register/').send({ email: 'not-an-address' }), 400);
    await call('updateAccount', user.post('/api/account/update/').send({ firstName: 'Alexis' }), 200);
    await call('updateAccount', withKey(testKey).post('/api/account/update/').send({ firstName: 'Alexis' }), 403);
    await call('updateAccount', withKey(liveKey).post('/api/account/update/').send({ currentPassword: 'whatever it is', newPassword: 'a brand new horse battery' }), 403);
    await call('forgotPassword', browser(t.app).post('/api/account/forgotPassword/').send({ email: 'nobody@example.com' }), 200);

    await call('createApiKey', user.post('/api/account/createApiKey/').send({ kind: 'live' }), 200);
    await call('createApiKey', user.post('/api/account/createApiKey/').send({ kind: 'test' }), 200);
    const spare = await call('createApiKey', user.post('/api/account/createApiKey/').send({ kind: 'live' }), 200);
    await call('createApiKey', user.post('/api/account/createApiKey/').send({ kind: 'gold' }), 400);
    await call('getAccount', withKey(liveKey).get('/api/account/get/'), 200);
    await call('getApiKeys', user.get('/api/account/getApiKeys/'), 200);
    await call('getApiKeys', withKey(liveKey).get('/api/account/getApiKeys/'), 403);
    await call('revokeApiKey', user.post('/api/account/revokeApiKey/').send({ id: spare.body.apiKey.id }), 200);
    await call('revokeApiKey', user.post('/api/account/revokeApiKey/').send({ id: spare.body.apiKey.id }), 404);
    await call('getAccount', withKey(spare.body.key).get('/api/account/get/'), 401);
    await call('getApiKeys', user.get('/api/account/getApiKeys/'), 200);
    await call('getApiKeys', browser(t.app).get('/api/account/getApiKeys/'), 401);

    await call('buyCredits', user.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }), 200);
    await call('buyCredits', user.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_chargeDeclined' }));
    await call('createWalletPayment', user.post('/api/paypal/createpayment/').send({ paymentOption: 1, currency: 'USD' }));
    await call('getInvoices', user.get('/api/account/getInvoices/'), 200);
    await call('getCreditsData', user.get('/api/account/getCreditsData/'), 200);
    await call('getCreditsData', withKey(liveKey).get('/api/account/getCreditsData/'), 200);
    expect(failures).toEqual([]);
  });

  it('answers as documented: draws by session and by key', async () => {
    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = { paymentOption: 2, scheduleOption: 1, scheduleDate: inAnHour() };
    drawId = (await call('submitDraw', user.post('/api/draw/submitdraw/').send(simpleDraw()), 200)).body;
    const liveDraw = (await call('submitDraw', withKey(liveKey).post('/api/draw/submitdraw/').send(simpleDraw(scheduled)), 200)).body;
    const testDraw = (await call('submitDraw', withKey(testKey).post('/api/draw/submitdraw/').send(simpleDraw(scheduled)), 200)).body;
    await call(
      'submitDraw',
      withKey(liveKey)
        .post('/api/draw/submitdraw/')
        .send({ ...simpleDraw(), prizes: [] }),
      400,
    );
    await call(
      'submitDraw',
      withKey('fd_live_' + 'A'.repeat(43))
        .post('/api/draw/submitdraw/')
        .send(simpleDraw()),
      401,
    );

    const draw = await call('getDraw', user.get('/api/draw/get/').query({ id: drawId }), 200);
    shortCode = draw.body.shortCode;
    await call('getDraw', withKey(liveKey).get('/api/draw/get/').query({ id: liveDraw }), 200);
    await call('getDraw', withKey(testKey).get('/api/draw/get/').query({ id: testDraw }), 200);
    await call('getDraw', browser(t.app).get('/api/draw/get/').query({ id: liveDraw }), 200);
    await call('getDraw', user.get('/api/draw/get/').query({ id: '00000000-0000-4000-8000-000000000000' }), 404);
    await call('getDraws', user.get('/api/draw/getAll/').query({ showWeb: true, showApi: true, showTest: true }), 200);
    await call('getDraws', withKey(testKey).get('/api/draw/getAll/'), 200);

    await call('cancelDraw', withKey(testKey).post('/api/draw/cancel/').send({ id: liveDraw }), 403);
    await call(
      'rescheduleDraw',
      withKey(liveKey)
        .post('/api/draw/reschedule/')
        .send({ id: liveDraw, scheduleDate: new Date(Date.now() + 7_200_000).toISOString(), scheduleTimezone: 'UTC' }),
      200,
    );
    await call(
      'saveScrutineer',
      withKey(liveKey)
        .post('/api/draw/saveScrutineer/')
        .send({ drawId: liveDraw, fields: { firstName: 'Sam', lastName: 'Lee', emailAddress: 'sam@law.example' } }),
      200,
    );
    await call('getDraw', withKey(liveKey).get('/api/draw/get/').query({ id: liveDraw }), 200);
    await call('getScrutineerPrefills', user.get('/api/account/getScrutineerPrefills/'), 200);
    await call('cancelDraw', withKey(testKey).post('/api/draw/cancel/').send({ id: testDraw }), 200);
    await call('getDraw', withKey(testKey).get('/api/draw/get/').query({ id: testDraw }), 200);
    await call('rescheduleDraw', withKey(liveKey).post('/api/draw/reschedule/').send({ id: liveDraw, immediateDraw: true }), 200);
    await call('getDraw', withKey(liveKey).get('/api/draw/get/').query({ id: liveDraw }), 200);
    await call('cancelDraw', withKey(liveKey).post('/api/draw/cancel/').send({ id: drawId }), 409);

    await call('lookupDraw', browser(t.app).post('/api/draw/lookupbyid/').send({ lookupId: draw.body.displayId }), 200);
    await call('lookupDraw', browser(t.app).post('/api/draw/lookupbyid/').send({ lookupId: '000000000000' }), 404);
    await call('lookupDraw', browser(t.app).post('/api/draw/lookupbyid/').send({ lookupId: '12345' }), 400);
    await call('getCertificate', browser(t.app).get(`/api/certificate/${shortCode}`), 200);
    await call('getCertificate', browser(t.app).get('/api/certificate/NOPE1234'), 404);
    await call('getPublicBranding', browser(t.app).get(`/api/certificate/${shortCode}/branding`), 200);
    await call('saveBranding', withKey(liveKey).post('/api/draw/branding').send({ drawId, branding: plainBranding() }), 200);
    await call('getBrandReuseList', user.get('/api/draw/getBrandReuseList/'), 200);

    await call('getPublication', user.post('/api/draw/publication/').send({ id: drawId }), 200);
    await call(
      'publishWinners',
      withKey(liveKey)
        .post('/api/draw/publish/')
        .send({ id: drawId, published: true, columns: [0], names: ['Entry'], prizes: [0], truncated: false, upperCase: false, entries: false }),
      200,
    );
    await call('getPublicWinners', browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode }), 200);
    await call('unpublishWinners', user.post('/api/draw/unpublish/').send({ id: drawId }), 200);
    await call('getEntryCheck', user.get('/api/draw/getEntryCheck/').query({ id: drawId }), 200);
    await call('configureEntryCheck', user.post('/api/draw/entryCheckSetup/').send({ drawId, columnIdx: 0, columnName: 'Entry' }), 400);
    await call('getPublicEntryCheck', browser(t.app).get('/api/draw/getPublicEntryCheck/').query({ shortCode }), 404);
    await call('getPublicWinners', browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode: 'NOPE1234' }), 404);
    await call('getPublicEntryCheck', browser(t.app).get('/api/draw/getPublicEntryCheck/').query({ shortCode: 'NOPE1234' }), 404);

    const { fileName, clientSession } = await uploaded(t, 'entries.csv', 'name,member\r\nAda,M-1\r\nBob,M-2\r\nCy,M-3\r\n');
    const fileDraw = (
      await call(
        'submitDraw',
        withKey(liveKey)
          .post('/api/draw/submitdraw/')
          .send(simpleDraw({ entryMethod: 'uploadAdvanced', entriesCount: undefined, fileName, headerRowsIncluded: true, clientSession, prizes: [{ description: 'Car', quantity: 1, reserves: 0 }] })),
        200,
      )
    ).body;
    const fileShortCode = (await call('getDraw', withKey(liveKey).get('/api/draw/get/').query({ id: fileDraw }), 200)).body.shortCode;
    await call('configureEntryCheck', withKey(liveKey).post('/api/draw/entryCheckSetup/').send({ drawId: fileDraw, columnIdx: 1, columnName: 'member' }), 200);
    await waitUntil(
      async () => (await call('getEntryCheck', withKey(liveKey).get('/api/draw/getEntryCheck/').query({ id: fileDraw }), 200)).body.entryCheck,
      (check) => check.state !== 'processing',
      'the entry check to be processed',
    );
    await call('getPublicEntryCheck', browser(t.app).get('/api/draw/getPublicEntryCheck/').query({ shortCode: fileShortCode }), 200);
    await call('checkEntry', browser(t.app).post('/api/draw/checkEntry/').send({ shortCode: fileShortCode, value: 'M-2' }), 200);
    await call('checkEntry', browser(t.app).post('/api/draw/checkEntry/').send({ shortCode: fileShortCode, value: 'M-9' }), 200);
    await call('checkEntry', browser(t.app).post('/api/draw/checkEntry/').send({ shortCode: fileShortCode, value: '  ' }), 400);
    await call('download', withKey(liveKey).get(`/download/results/${fileDraw}`), 200);
    await call('download', withKey(testKey).get(`/download/results/00000000-0000-4000-8000-000000000000`), 404);

    await call('getDrawLogKey', browser(t.app).get('/api/log/key'), 200);
    await call('getDrawLogHead', browser(t.app).get('/api/log/head'), 200);
    await call('getDrawLogEntries', browser(t.app).get('/api/log/entries').query({ start: 0, end: 1 }), 200);
    await call('getDrawLogEntries', browser(t.app).get('/api/log/entries').query({ start: 5, end: 1 }), 400);
    expect(failures).toEqual([]);
  });

  it("documents every kind of download it serves: a draw's files, an invoice, a random numbers result", async () => {
    const download = async (kind: string, id: string, agent: { get: (path: string) => request.Test }) => {
      const problem = parameterMismatch('download', { kind, id });
      if (problem) failures.push(problem);
      await call('download', agent.get(`/download/${kind}/${id}`), 200);
    };
    const draw = (await call('submitDraw', withKey(liveKey).post('/api/draw/submitdraw/').send(simpleDraw()), 200)).body;
    await download('results', draw, withKey(liveKey));
    await download('certificate', draw, browser(t.app));
    const invoices = (await call('getInvoices', user.get('/api/account/getInvoices/'), 200)).body.invoices;
    await download('invoice', invoices[0].id, withKey(liveKey));
    const numbers = await call('generateRandomNumbers', browser(t.app).post('/api/tools/GenerateRandomNumbers').send({ count: 3, lowerLimit: '1', upperLimit: '10', seed: 'download' }), 200);
    await download('numbers', `${numbers.body.fileName}.csv`, browser(t.app));
    await download('numbers', `${numbers.body.fileName}.txt`, browser(t.app));
    expect(failures).toEqual([]);
  });

  it('answers as documented: a draw read by its owner, another customer, an administrator and a visitor, in each state', async () => {
    const other = await registeredUser(t.app);
    const scheduled = { paymentOption: 2, scheduleOption: 1, scheduleDate: new Date(Date.now() + 3_600_000).toISOString() };
    const scrutineer = { firstName: 'Sam', lastName: 'Lee', emailAddress: 'sam@law.example', notes: 'Checked the file' };
    const due = (await call('submitDraw', withKey(liveKey).post('/api/draw/submitdraw/').send(simpleDraw(scheduled)), 200)).body;
    await call('saveScrutineer', withKey(liveKey).post('/api/draw/saveScrutineer/').send({ drawId: due, fields: scrutineer }), 200);
    const drawn = (
      await call(
        'submitDraw',
        withKey(liveKey)
          .post('/api/draw/submitdraw/')
          .send(simpleDraw({ paymentOption: 2 })),
        200,
      )
    ).body;
    await call('saveScrutineer', withKey(liveKey).post('/api/draw/saveScrutineer/').send({ drawId: drawn, fields: scrutineer }));
    const test = (await call('submitDraw', withKey(testKey).post('/api/draw/submitdraw/').send(simpleDraw()), 200)).body;
    await call('saveIncompleteDraw', withKey(liveKey).post('/api/draw/saveIncompleteDraw/').send({ name: 'Draft', wizardState: {} }), 200);
    for (const id of [due, drawn, test]) {
      const owner = await call('getDraw', withKey(liveKey).get('/api/draw/get/').query({ id }), 200);
      await call('getDraw', other.agent.get('/api/draw/get/').query({ id }), 200);
      await call('getDraw', admin.get('/api/draw/get/').query({ id }), 200);
      await call('getDraw', browser(t.app).get('/api/draw/get/').query({ id }), 200);
      await call('getCertificate', browser(t.app).get(`/api/certificate/${owner.body.shortCode}`));
      await call('getPublicWinners', browser(t.app).get('/api/draw/getPublicWinners/').query({ shortCode: owner.body.shortCode }));
    }
    await call('getDraws', withKey(liveKey).get('/api/draw/getAll/').query({ showWeb: true, showApi: true, showTest: true, statuses: 'draft,scheduled,drawn,cancelled,error' }), 200);
    await call('getDraws', admin.get('/api/draw/getAll/').query({ userId, showApi: true, showTest: true, statuses: 'draft,scheduled,drawn,cancelled,error' }), 200);
    await call('getCustomers', admin.get('/api/admin/customers/').query({ searchEmail: 'example.com' }), 200);
    expect(failures).toEqual([]);
  });

  it("documents the draw list's defaults: without filters, a customer's list is what the documented defaults ask for", async () => {
    const parameters = operations.get('getDraws')?.parameters ?? [];
    const defaults = Object.fromEntries(parameters.filter((parameter) => parameter.in === 'query' && parameter.name !== 'userId').map((parameter) => [parameter.name, parameter.schema?.default]));
    expect(Object.entries(defaults).filter(([, value]) => value === undefined)).toEqual([]);
    for (const key of [liveKey, testKey]) {
      const plain = await call('getDraws', withKey(key).get('/api/draw/getAll/'), 200);
      const asDocumented = await call('getDraws', withKey(key).get('/api/draw/getAll/').query(defaults), 200);
      expect(plain.body).toEqual(asDocumented.body);
    }
    expect(failures).toEqual([]);
  });

  it("runs the API page's example as it says: a draw paid with a credit with a live key, free with a test key", async () => {
    // Read as text: the client's module resolution is not the server's.
    const page = readFileSync(new URL('../../client/src/features/content/documents/api.ts', import.meta.url), 'utf8');
    const example = JSON.parse(/CURL_EXAMPLE = `[^`]*-d '([^']*)'`/.exec(page)![1]) as Record<string, unknown>;
    const credits = async () => (await user.get('/api/account/get/').expect(200)).body.remainingCredits as number;
    const before = await credits();
    const live = (await call('submitDraw', withKey(liveKey).post('/api/draw/submitdraw').send(example), 200)).body;
    expect(await credits()).toBe(before - 1);
    const test = (await call('submitDraw', withKey(testKey).post('/api/draw/submitdraw').send(example), 200)).body;
    expect(await credits()).toBe(before - 1);
    for (const [key, id, source] of [
      [liveKey, live, 'api'],
      [testKey, test, 'test'],
    ]) {
      const draw = (await call('getDraw', withKey(key).get('/api/draw/get/').query({ id }), 200)).body;
      expect(draw).toMatchObject({ source, entryCount: 1250 });
    }
    expect(failures).toEqual([]);
  });

  it('answers as documented: uploads, drafts, tools and the admin console', async () => {
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', 'name\nAda\nBob\nCy\n');
    await call('getConfirmDrawDetails', request(server()).post('/api/draw/getConfirmDrawDetails').send({ fileName, clientSession, advancedUpload: false, demoMode: false }), 200);
    const advanced = await uploaded(t, 'entries.csv', 'name,tickets,member\r\nAda,2,M1\r\nBob,0,M2\r\nCy,1,M1\r\n');
    await call(
      'processAdvancedUpload',
      request(server())
        .post('/api/draw/processAdvancedUpload')
        .send({ ...advanced, headerRow: true, entryCountColumn: 1, uniqueEntrantIdColumn: 2 }),
      200,
    );
    await call(
      'processAdvancedUpload',
      request(server())
        .post('/api/draw/processAdvancedUpload')
        .send({ ...advanced, headerRow: true, entryCountColumn: 0 }),
      200,
    );
    await call('uploadEntriesFile', request(server()).post('/api/Upload').field('clientSession', 'conformance-1').attach('file', Buffer.from(''), 'empty.csv'), 400);
    const logo = await call('uploadBrandingImage', withKey(liveKey).post('/api/upload/branding').attach('file', logoJpeg(), 'logo.jpg'), 201);
    await call('uploadBrandingImage', withKey(liveKey).post('/api/upload/branding').attach('file', Buffer.from('<svg/>'), 'logo.svg'), 415);
    const branded = (await call('submitDraw', withKey(liveKey).post('/api/draw/submitdraw/').send(simpleDraw()), 200)).body;
    const images = { Top: { fileName: 'logo.jpg', serverFileName: logo.body.serverFileName } };
    await call(
      'saveBranding',
      withKey(liveKey)
        .post('/api/draw/branding')
        .send({ drawId: branded, branding: plainBranding({ logoOption: 'image', images }) }),
      200,
    );
    const brandedCode = (await call('getDraw', withKey(liveKey).get('/api/draw/get/').query({ id: branded }), 200)).body.shortCode;
    await call('getPublicBranding', browser(t.app).get(`/api/certificate/${brandedCode}/branding`), 200);
    await call('getBrandReuseList', withKey(liveKey).get('/api/draw/getBrandReuseList/'), 200);
    await call('getBrandingImage', browser(t.app).get(`/api/draw/getbrandingimage/${branded}`).query({ location: 'Top' }), 200);
    const draft = await call(
      'saveIncompleteDraw',
      withKey(liveKey)
        .post('/api/draw/saveIncompleteDraw/')
        .send({ name: 'Summer promo', organisation: 'Acme', wizardState: { step: 2 } }),
      200,
    );
    await call('getIncompleteDraw', withKey(liveKey).get('/api/draw/getIncompleteDraw/').query({ id: draft.body.id }), 200);
    await call('getIncompleteDraw', user.get('/api/draw/getIncompleteDraw/').query({ id: '00000000-0000-4000-8000-000000000000' }));
    await call('generateRandomNumbers', browser(t.app).post('/api/tools/GenerateRandomNumbers').send({ count: 3, lowerLimit: '1', upperLimit: '10', seed: 'conformance' }), 200);
    await call(
      'generateRandomNumbers',
      browser(t.app).post('/api/tools/GenerateRandomNumbers').send({ mode: 'sequence', lowerLimit: '1', upperLimit: '10', seed: 'conformance', groupingOption: true }),
      200,
    );
    await call('generateRandomNumbers', browser(t.app).post('/api/tools/GenerateRandomNumbers').send({ count: 3, lowerLimit: '10', upperLimit: '1' }), 400);
    await call('getSeed', browser(t.app).get('/api/tools/seed'), 200);
    await call('getBeaconInfo', browser(t.app).get('/api/beacon/info'));
    await call('createHelpContact', browser(t.app).post('/api/Contact/CreateHelpContact').send({ name: 'Ada', email: 'ada@example.com', topic: 'Other', message: 'Hello there' }));

    await call('getAdminStatistics', admin.get('/api/admin/statistics/'), 200);
    await call('getAdminStatistics', user.get('/api/admin/statistics/'), 403);
    await call('getCustomers', admin.get('/api/admin/customers/'), 200);
    await call('getCustomerCreditsData', admin.get('/api/admin/getCreditsData/').query({ userId }), 200);
    await call('addCreditPack', admin.post('/api/admin/addCreditPack/').send({ userId, amount: 5, note: 'Goodwill', idempotencyKey: 'grant-key-0001' }), 200);
    await call('getEmailHistory', admin.get('/api/admin/getEmailHistory/').query({ userId }), 200);
    await call('setApiEnabled', admin.post('/api/admin/setApiEnabled/').send({ userId, apiEnabled: true }), 200);
    await call('getAuditLog', admin.get('/api/admin/getAuditLog/'), 200);
    await call('changeCustomerEmail', admin.post('/api/admin/changeEmail/').send({ userId, email: 'not-an-address' }), 400);
    expect(failures).toEqual([]);
  });
});
