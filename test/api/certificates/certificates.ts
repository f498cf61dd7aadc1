import { createHash } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, registeredUser } from '../../support/accounts.js';
import { type DrawView, drawnNumbers, rerun, plainBranding, scheduledPaidDraw, simpleDraw } from '../../support/draws.js';
import { uploaded } from '../../support/entries-files.js';
import { deflateSync } from 'node:zlib';
import { logoJpeg, pngWithData, solidPng, solidRgbaPng } from '../../support/images.js';
import { pdfQrCode, pdfText } from '../../support/pdf-text.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { BrandingService } from '../../../src/certificates/application/branding.service.js';
import { existsSync, readdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { waitUntil } from '../../support/wait-until.js';

const DEFAULTS = plainBranding();

/** Every cell unique, so that any value of the file appearing in a response can be found. */
function entriesFile(rows: number): string {
  const lines = ['email,name,tickets,member'];
  for (let i = 1; i <= rows; i++) lines.push(`person${i}@mail${i}.example,Name${i}Unique,${(i % 3) + 1},MEMBER-${Math.ceil(i / 2)}-ID`);
  return lines.join('\n') + '\n';
}

async function pdf(agent: TestAgent | request.Agent, kind: string, id: string): Promise<Buffer> {
  const response = await agent
    .get(`/download/${kind}/${id}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.body as Buffer;
}

function uploadImage(agent: TestAgent, name: string, content: Buffer) {
  return agent.post('/api/upload/branding').attach('file', content, { filename: name, contentType: 'application/octet-stream' });
}

describe('certificates, branding and public certificate data (API)', () => {
  let t: TestApp;
  let owner: { agent: TestAgent; email: string };
  let simple: { id: string; shortCode: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    owner = await registeredUser(t.app);
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const draw = (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    simple = { id, shortCode: draw.shortCode };
  });

  afterAll(async () => {
    await t.close();
  });

  /** The owner's new draw branded with a PNG with transparency as its Top image (pdfkit decodes those in a callback). */
  async function drawWithTransparentLogo(): Promise<string> {
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const logo = (await uploadImage(owner.agent, 'logo.png', solidRgbaPng(120, 40, [200, 40, 40, 128])).expect(201)).body;
    await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: id, branding: { ...DEFAULTS, logoOption: 'image', images: { Top: { fileName: logo.headerFileName, serverFileName: logo.serverFileName } } } })
      .expect(200);
    return id;
  }

  /** The image files stored for a draw's branding. */
  function brandingFiles(drawId: string): string[] {
    const folder = join(t.dataDir, 'files', 'branding', drawId);
    return existsSync(folder) ? readdirSync(folder).filter((name) => !name.endsWith('.partial')) : [];
  }

  async function servedImage(drawId: string, slot: string): Promise<Buffer | null> {
    const response = await request(t.app.getHttpServer()).get(`/api/draw/getbrandingimage/${drawId}/`).query({ location: slot }).buffer(true);
    return response.status === 200 ? (response.body as Buffer) : null;
  }

  /** The image file names of the draw's saved branding, as its public page is sent them. */
  async function namedImages(shortCode: string): Promise<Record<string, string | null>> {
    const images = (await request(t.app.getHttpServer()).get(`/api/certificate/${shortCode}/branding`).expect(200)).body.branding.images as Record<string, { fileName: string } | null>;
    return Object.fromEntries(Object.entries(images).map(([slot, image]) => [slot, image?.fileName ?? null]));
  }

  async function newDraw(): Promise<{ id: string; shortCode: string }> {
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    return { id, shortCode: (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body.shortCode as string };
  }

  function saveImages(drawId: string, images: Record<string, { headerFileName: string; serverFileName: string } | { fileName: string; extension?: string }>) {
    const sent = Object.fromEntries(
      Object.entries(images).map(([slot, image]) => [slot, 'serverFileName' in image ? { fileName: image.headerFileName, serverFileName: image.serverFileName } : image]),
    );
    return owner.agent.post('/api/draw/branding').send({ drawId, branding: { ...DEFAULTS, images: sent } });
  }

  it('publishes the certificate of a drawn draw by short code: seed matching its commitment, winners a re-run gives', async () => {
    const cert = (await request(t.app.getHttpServer()).get(`/api/certificate/${simple.shortCode}`).expect(200)).body;
    expect(cert).toMatchObject({ drawId: simple.id, shortCode: simple.shortCode, state: 'drawn', name: 'Spring giveaway', organisation: 'Acme Pty Ltd', entryCount: 500, demo: true, test: false });
    expect(cert.seedScheme).toBe('beacon/1');
    expect(createHash('sha256').update(Buffer.from(cert.serverSeed, 'hex')).digest('hex')).toBe(cert.seedHash);
    expect(cert.seed).toBe(cert.serverSeed + cert.beacon.randomness);
    expect(cert.engineVersion).toBe('fairdraw-engine/1');
    const again = rerun({ ...cert, entryCount: 500, oneWinPerEntrant: false, prizes: cert.prizes.map((p: { quantity: number; reserves: number }) => ({ ...p, winners: [], reserveWinners: [] })) });
    expect(cert.prizes.map((p: { winners: number[]; reserveWinners: number[] }) => ({ winners: p.winners, reserves: p.reserveWinners }))).toEqual(again);
    expect(cert.branding).toMatchObject({ drawBranding: '', hasBranding: false, fontUrl: '/api/certificate/font/0' });
    expect(cert.url).toMatch(new RegExp(`/cert/${simple.shortCode}/$`));
    await request(t.app.getHttpServer()).get('/api/certificate/ZZZZZ').expect(404);
    await request(t.app.getHttpServer()).get('/api/certificate/abc').expect(404);
  });

  it('renders the default certificate with every fact, the same bytes each time; the winners version only for the owner', async () => {
    const cert = (await request(t.app.getHttpServer()).get(`/api/certificate/${simple.shortCode}`).expect(200)).body;
    const anyone = request.agent(t.app.getHttpServer());
    const first = await pdf(anyone, 'certificate', simple.id);
    expect((await pdf(anyone, 'certificate', simple.id)).equals(first)).toBe(true);
    const text = pdfText(first).join('\n');
    for (const fact of [
      'Certificate of random draw',
      'Acme Pty Ltd',
      'Spring giveaway',
      cert.displayId,
      simple.shortCode,
      'Australia/Sydney',
      '500 entries',
      'Bike: 1 winner, 1 reserve',
      cert.seedHash,
      cert.serverSeed,
      cert.beacon.signature.slice(0, 48),
      cert.beacon.signature.slice(48),
      cert.beacon.randomness,
      'fairdraw-engine/1',
      cert.url,
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain('Winners (entry numbers)');
    // The QR code leads to the public certificate page.
    expect(pdfQrCode(first)).toBe(cert.url);
    await anyone.get(`/download/certificatewinners/${simple.id}`).expect(404);
    await browser(t.app).get(`/download/certificatewinners/${simple.id}`).expect(404);
    const withWinners = pdfText(await pdf(owner.agent, 'certificatewinners', simple.id)).join('\n');
    expect(withWinners).toContain('Winners (entry numbers)');
    expect(withWinners).toContain(cert.prizes[1].winners.join(', '));
    await anyone.get('/download/certificate/not-a-uuid').expect(404);
  });

  it('shows at most 10,000 winners and 10,000 reserves in all, shared between the prizes: a draw of many prizes is answered and certified in part, not whole', async () => {
    // 400 prizes of 30 winners and 30 reserves: 1,000 of each per prize would be all 24,000; 10,000 / 400 is 25 each.
    const { agent } = await registeredUser(t.app);
    await agent.post('/api/account/buycredits/').send({ paymentOption: 1, currency: 'AUD', token: 'tok_visa' }).expect(200);
    const prizes = Array.from({ length: 400 }, () => ({ quantity: 30, reserves: 30 }));
    const id = (
      await agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ entriesCount: 24_000, prizes, paymentOption: 2 }))
        .expect(200)
    ).body as string;
    expect((await t.query<{ n: number }>('SELECT count(*)::int AS n FROM draw_winner WHERE draw_id = $1', [id]))[0].n).toBe(24_000);
    const draw = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body as DrawView & { shortCode: string };
    const firsts = rerun(draw).map((prize) => ({ winners: prize.winners.slice(0, 25), reserves: prize.reserves.slice(0, 25) }));
    expect(drawnNumbers(draw)).toEqual(firsts);
    expect((draw.prizes as unknown as { winnersAwarded: number }[]).every((prize) => prize.winnersAwarded === 30)).toBe(true);
    const cert = (await request(t.app.getHttpServer()).get(`/api/certificate/${draw.shortCode}`).expect(200)).body as { prizes: { winners: number[]; reserveWinners: number[] }[] };
    expect(cert.prizes.map((prize) => ({ winners: prize.winners, reserves: prize.reserveWinners }))).toEqual(firsts);
    // Each prize's row says it lists a part (the PDF's lines wrap anywhere in a row).
    const withWinners = pdfText(await pdf(agent, 'certificatewinners', id)).join(' ');
    expect(withWinners.match(/\(the\s+first\s+25\s+of\s+30\)/g)).toHaveLength(400);
  });

  it('certifies an uploaded file by its SHA-256 with a full branding (font, colours, four images), and shows no entrant data', async () => {
    const file = entriesFile(30);
    const { fileName, clientSession } = await uploaded(t, 'entries.csv', file);
    const id = (
      await owner.agent
        .post('/api/draw/submitdraw/')
        .send(
          simpleDraw({
            entryMethod: 'uploadAdvanced',
            entriesCount: undefined,
            fileName,
            headerRowsIncluded: true,
            entryCountColumn: 2,
            entrantUniqueIdColumn: 3,
            oneWinPerEntrant: true,
            clientSession,
            prizes: [{ description: 'Car', quantity: 3, reserves: 1 }],
          }),
        )
        .expect(200)
    ).body as string;
    const top = (await uploadImage(owner.agent, 'logo.png', solidPng(200, 60, [26, 95, 180])).expect(201)).body;
    const left = (await uploadImage(owner.agent, 'left.jpg', logoJpeg()).expect(201)).body;
    const banner = (await uploadImage(owner.agent, 'banner.png', solidPng(400, 60, [200, 40, 40])).expect(201)).body;
    const right = (await uploadImage(owner.agent, 'right.jpeg', logoJpeg()).expect(201)).body;
    expect(left).toMatchObject({ headerFileName: 'left.jpg', fileExtension: 'jpg' });
    const branding = {
      ...DEFAULTS,
      borderTopColour: '#1a5fb4',
      borderBottomColour: '#26A269',
      backgroundColour: '#F6F5F4',
      pageColour: '#FFFFF0',
      textColour: '#241F31',
      logoColour: '#1A5FB4',
      font: 3,
      logoOption: 'image',
      images: Object.fromEntries(
        Object.entries({ Top: top, Left: left, Banner: banner, Right: right }).map(([slot, up]) => [slot, { fileName: up.headerFileName, serverFileName: up.serverFileName }]),
      ),
    };
    const saved = (await owner.agent.post('/api/draw/branding').send({ drawId: id, branding }).expect(200)).body;
    expect(saved.warnings).toEqual([]);
    expect(saved.hasBranding).toBe(true);
    expect(saved.branding).toMatchObject({ borderTopColour: '#1A5FB4', font: 3, images: { Top: { fileName: 'logo.png', extension: 'png' }, Left: { extension: 'jpg' } } });

    const draw = (await owner.agent.get('/api/draw/get/').query({ id }).expect(200)).body;
    const cert = (await request(t.app.getHttpServer()).get(`/api/certificate/${draw.shortCode}`).expect(200)).body;
    expect(cert.entriesSha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(cert).toMatchObject({ entryCount: 30, headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3, delimiter: ',', oneWinPerEntrant: true, entrantCount: 15 });
    expect(cert.branding.drawBranding).toBe(saved.drawBranding);
    const publicJson = JSON.stringify(cert);
    for (const cell of file
      .trim()
      .split('\n')
      .slice(1)
      .flatMap((line) => line.split(',')))
      if (!/^\d+$/.test(cell)) expect(publicJson).not.toContain(cell);

    const image = await request(t.app.getHttpServer()).get(`/api/draw/getbrandingimage/${id}/`).query({ location: 'Left' }).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(image.body as Buffer, logoJpeg())).toBe(0);
    await request(t.app.getHttpServer()).get(`/api/draw/getbrandingimage/${simple.id}/`).query({ location: 'Top' }).expect(404);
    const branded = (await request(t.app.getHttpServer()).get(`/api/certificate/${draw.shortCode}/branding`).expect(200)).body;
    expect(branded).toMatchObject({ shortCode: draw.shortCode, hasBranding: true, fontUrl: '/api/certificate/font/3' });
    expect(branded.imageUrls.Left).toMatch(new RegExp(`^/api/draw/getbrandingimage/${id}/\\?location=Left`));

    const bytes = await pdf(request.agent(t.app.getHttpServer()), 'certificate', id);
    const text = pdfText(bytes).join('\n');
    expect(text).toContain(cert.entriesSha256);
    expect(text).toContain(cert.serverSeed);
    expect(text).toContain(`${cert.beacon.signature.slice(0, 48)}\n${cert.beacon.signature.slice(48)}`);
    expect(text).toContain('30 entry rows');
    expect(text).toContain('ticket counts in column 3');
    expect(text).not.toContain('Font:');
    expect(bytes.toString('latin1')).toContain('PoetsenOne');
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(4);
    for (const cell of ['person1@mail1.example', 'Name1Unique', 'MEMBER-1-ID']) expect(text).not.toContain(cell);
  });

  it("says when its scrutineer was named after the draw, which the owner's notes alone do not", async () => {
    const { agent } = await registeredUser(t.app);
    const id = await scheduledPaidDraw(agent);
    const scrutineer = { firstName: 'Sam', lastName: 'Lee', emailAddress: 'sam@law.example', qualification: 'Solicitor' };
    await agent.post('/api/draw/saveScrutineer/').send({ drawId: id, fields: scrutineer }).expect(200);
    await agent.post('/api/draw/reschedule/').send({ id, immediateDraw: true }).expect(200);
    const { shortCode } = (await agent.get('/api/draw/get/').query({ id }).expect(200)).body as { shortCode: string };
    const certified = async () => (await browser(t.app).get(`/api/certificate/${shortCode}`).expect(200)).body.scrutineer;
    expect(await certified()).toEqual({ name: 'Sam Lee', qualification: 'Solicitor', namedAfterDraw: false });

    await agent
      .post('/api/draw/saveScrutineer/')
      .send({ drawId: id, fields: { ...scrutineer, notes: 'Watched by video' } })
      .expect(200);
    expect(await certified()).toEqual({ name: 'Sam Lee', qualification: 'Solicitor', namedAfterDraw: false });
    await agent
      .post('/api/draw/saveScrutineer/')
      .send({ drawId: id, fields: { ...scrutineer, firstName: 'Alex' } })
      .expect(200);
    expect(await certified()).toEqual({ name: 'Alex Lee', qualification: 'Solicitor', namedAfterDraw: true });
    expect(pdfText(await pdf(request.agent(t.app.getHttpServer()), 'certificate', id)).join('\n')).toContain('Alex Lee, Solicitor (named after the draw)');
  });

  it('keeps the branding rules: hex colours, logo text, only the owner; contrast below 4.5:1 warns', async () => {
    const bad = await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: simple.id, branding: { ...DEFAULTS, textColour: '#12345', pageColour: 'white' } })
      .expect(400);
    expect(Object.keys(bad.body.modelState).sort()).toEqual(['branding.pageColour', 'branding.textColour']);
    expect(bad.body.modelState['branding.textColour']).toEqual(['Enter a colour as 6 hexadecimal digits, e.g. #1A2B3C.']);
    const noText = await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: simple.id, branding: { ...DEFAULTS, logoOption: 'text', logoText: '  ' } })
      .expect(400);
    expect(noText.body.modelState).toEqual({ logoText: ['Enter the logo text, or choose another logo option.'] });
    const noImage = await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: simple.id, branding: { ...DEFAULTS, logoOption: 'image' } })
      .expect(400);
    expect(noImage.body.modelState).toEqual({ 'images.Top': ['Upload the logo image (the Top image), or choose another logo option.'] });
    await browser(t.app).post('/api/draw/branding').send({ drawId: simple.id, branding: DEFAULTS }).expect(404);
    const { agent: stranger } = await registeredUser(t.app);
    await stranger.post('/api/draw/branding').send({ drawId: simple.id, branding: DEFAULTS }).expect(404);

    // #777777 on white is 4.48:1, just under; #767676 is 4.54:1, just over.
    const low = (
      await owner.agent
        .post('/api/draw/branding')
        .send({ drawId: simple.id, branding: { ...DEFAULTS, textColour: '#777777', logoColour: '#777777', logoOption: 'text', logoText: 'Acme' } })
        .expect(200)
    ).body;
    expect(low.warnings).toEqual([
      { field: 'textColour', ratio: 4.47, message: 'The text colour has a contrast below 4.5:1 against the page colour: the certificate may be hard to read.' },
      { field: 'logoColour', ratio: 4.47, message: 'The logo colour has a contrast below 4.5:1 against the page colour: the logo may be hard to read.' },
    ]);
    const ok = (
      await owner.agent
        .post('/api/draw/branding')
        .send({ drawId: simple.id, branding: { ...DEFAULTS, textColour: '#767676', logoColour: '#767676', logoOption: 'text', logoText: 'Acme' } })
        .expect(200)
    ).body;
    expect(ok.warnings).toEqual([]);
    const text = pdfText(await pdf(request.agent(t.app.getHttpServer()), 'certificate', simple.id)).join('\n');
    expect(text).toContain('Acme');
    // Back to the default for the other tests.
    expect((await owner.agent.post('/api/draw/branding').send({ drawId: simple.id, branding: DEFAULTS }).expect(200)).body.drawBranding).toBe('');
  });

  it('accepts PNG and JPEG images by their bytes only: SVG, renamed text and over 2 MB are refused', async () => {
    const renamed = (await uploadImage(owner.agent, 'photo.jpg', solidPng(10, 10, [0, 0, 0])).expect(201)).body;
    expect(renamed.fileExtension).toBe('png');
    const svg = await uploadImage(owner.agent, 'logo.svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')).expect(415);
    expect(svg.body.message).toBe('SVG images are not accepted (they can carry scripts): upload a PNG or JPEG image.');
    const fake = await uploadImage(owner.agent, 'logo.png', Buffer.from('not really a png')).expect(415);
    expect(fake.body.message).toBe('Upload a PNG or JPEG image.');
    const gif = await uploadImage(owner.agent, 'logo.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')).expect(415);
    expect(gif.body.message).toBe('Upload a PNG or JPEG image.');
    const big = Buffer.concat([solidPng(10, 10, [0, 0, 0]), Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await uploadImage(owner.agent, 'big.png', big).expect(413);
    expect(tooLarge.body.message).toBe('The image is larger than 2 MB.');
    await uploadImage(owner.agent, 'empty.png', Buffer.alloc(0)).expect(400);

    // Another user cannot put someone else's upload on their draw.
    const { agent: other } = await registeredUser(t.app);
    const otherId = (await other.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const stolen = await other
      .post('/api/draw/branding')
      .send({ drawId: otherId, branding: { ...DEFAULTS, images: { Top: { fileName: 'x.png', serverFileName: renamed.serverFileName } } } })
      .expect(400);
    expect(stolen.body.modelState).toEqual({ 'images.Top': ['This image is not available: upload it again.'] });
  });

  it('refuses images the certificate cannot embed, storing nothing; a PNG with transparency is embedded', async () => {
    const png = solidPng(200, 60, [26, 95, 180]);
    const uploads = () => t.query('SELECT id FROM branding_upload ORDER BY id');
    const before = await uploads();
    for (const [name, bytes] of [
      ['truncated.png', png.subarray(0, 60)],
      ['truncated.jpg', logoJpeg().subarray(0, 200)],
      ['markers.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])],
      ['empty-size.png', pngWithData(0, 0, 2, deflateSync(Buffer.alloc(0)))],
      // pdfkit decodes a PNG with an alpha channel in a zlib callback: corrupt data there was an uncaught exception.
      ['corrupt-alpha.png', pngWithData(20, 20, 6, Buffer.from('this is no zlib stream'))],
      ['bad-filter.png', pngWithData(2, 2, 6, deflateSync(Buffer.alloc(2 * 9, 9)))],
      // 60,000 × 60,000 pixels in 150 bytes: decoded, 14 GB.
      ['bomb.png', pngWithData(60_000, 60_000, 6, deflateSync(Buffer.alloc(60_000 * 4 + 1)))],
    ] as const) {
      const refused = await uploadImage(owner.agent, name, bytes);
      expect({ name, status: refused.status, body: refused.body }).toEqual({ name, status: 400, body: { message: 'The image cannot be read: upload a complete PNG or JPEG image.' } });
    }
    expect(await uploads()).toEqual(before);

    const id = await drawWithTransparentLogo();
    expect((await pdf(owner.agent, 'certificate', id)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leaves out a stored image the PDF cannot embed (stored before uploads were checked) rather than fail the certificate', async () => {
    const id = await drawWithTransparentLogo();
    expect(brandingFiles(id)).toHaveLength(1);
    const stored = join(t.dataDir, 'files', 'branding', id, brandingFiles(id)[0]);
    // Its data corrupt: pdfkit's decoding threw in a zlib callback, an uncaught exception, and the download never answered.
    writeFileSync(stored, pngWithData(120, 40, 6, Buffer.from('this is no zlib stream')));
    const response = await owner.agent.get(`/download/certificate/${id}`).buffer(true).timeout(20_000);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });

  it('leaves the saved images as they were when a branding save is refused', async () => {
    const id = (await owner.agent.post('/api/draw/submitdraw/').send(simpleDraw()).expect(200)).body as string;
    const saved = solidPng(40, 20, [200, 0, 0]);
    const first = (await uploadImage(owner.agent, 'first.png', saved).expect(201)).body;
    const images = (top: { headerFileName: string; serverFileName: string }) => ({ Top: { fileName: top.headerFileName, serverFileName: top.serverFileName } });
    await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: id, branding: { ...DEFAULTS, logoOption: 'image', images: images(first) } })
      .expect(200);
    const second = (await uploadImage(owner.agent, 'second.png', solidPng(40, 20, [0, 0, 200])).expect(201)).body;
    const refused = await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: id, branding: { ...DEFAULTS, logoOption: 'image', images: { ...images(second), Left: { fileName: 'gone.png', serverFileName: '0'.repeat(32) } } } })
      .expect(400);
    expect(refused.body.modelState).toEqual({ 'images.Left': ['This image is not available: upload it again.'] });
    const top = await owner.agent.get(`/api/draw/getbrandingimage/${id}`).query({ location: 'Top' }).buffer(true).expect(200);
    expect(Buffer.compare(top.body as Buffer, saved)).toBe(0);
  });

  it('of two branding saves at once, serves the image that the branding saved last names, whichever wrote its file last', async () => {
    const { id, shortCode } = await newDraw();
    const red = solidPng(40, 20, [200, 0, 0]);
    const blue = solidPng(40, 20, [0, 0, 200]);
    const redUpload = (await uploadImage(owner.agent, 'red.png', red).expect(201)).body;
    const blueUpload = (await uploadImage(owner.agent, 'blue.png', blue).expect(201)).body;
    // The first save to write the branding row (the red one) waits on a lock the test holds, while the blue save goes
    // as far as it can: its file written after the red one's, its row, if it can, before.
    await t.query('CREATE SEQUENCE test_branding_writes');
    await t.query(
      `CREATE FUNCTION test_hold_first_branding() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF nextval('test_branding_writes') = 1 THEN PERFORM pg_advisory_xact_lock(4141); END IF; RETURN NEW; END $$`,
    );
    await t.query(`CREATE TRIGGER test_hold_first_branding BEFORE INSERT OR UPDATE ON draw_branding FOR EACH ROW WHEN (NEW.draw_id = '${id}') EXECUTE FUNCTION test_hold_first_branding()`);
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    const waiting = async () => (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'`))[0].n;
    try {
      await holder.query('SELECT pg_advisory_lock(4141)');
      const redSave = saveImages(id, { Top: redUpload }).then((response) => response);
      await waitUntil(waiting, (n) => n === 1, 'the red save to wait at its row', { intervalMs: 20 });
      let blueAnswered = false;
      const blueSave = saveImages(id, { Top: blueUpload }).then((response) => {
        blueAnswered = true;
        return response;
      });
      await waitUntil(async () => blueAnswered || (await waiting()) === 2, Boolean, 'the blue save to be answered or to wait for the red one', { intervalMs: 20 });
      await holder.query('SELECT pg_advisory_unlock(4141)');
      expect((await redSave).status).toBe(200);
      expect((await blueSave).status).toBe(200);
    } finally {
      await holder.end();
      await t.query('DROP TRIGGER test_hold_first_branding ON draw_branding');
      await t.query('DROP FUNCTION test_hold_first_branding()');
      await t.query('DROP SEQUENCE test_branding_writes');
    }
    const named = (await namedImages(shortCode)).Top;
    const served = await servedImage(id, 'Top');
    expect({ named, served: served && (served.equals(red) ? 'red.png' : served.equals(blue) ? 'blue.png' : 'other') }).toEqual({ named, served: named });
    expect(brandingFiles(id)).toHaveLength(1);
  });

  it('leaves the image served before, byte for byte, and the certificate as it was, when a save fails before its row is written', async () => {
    const { id, shortCode } = await newDraw();
    const red = solidPng(40, 20, [200, 0, 0]);
    await saveImages(id, { Top: (await uploadImage(owner.agent, 'logo.png', red).expect(201)).body }).expect(200);
    const certificate = await pdf(owner.agent, 'certificatewinners', id);
    const publicBranding = await request(t.app.getHttpServer()).get(`/api/certificate/${shortCode}/branding`).expect(200);
    const other = (await uploadImage(owner.agent, 'logo.png', solidPng(40, 20, [0, 0, 200])).expect(201)).body;
    // What a process that died before the row was written leaves, or a transaction the database refused.
    await t.query(`CREATE FUNCTION test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the process died here'; END $$`);
    await t.query(`CREATE TRIGGER test_branding_row BEFORE UPDATE ON draw_branding FOR EACH ROW WHEN (OLD.draw_id = '${id}') EXECUTE FUNCTION test_fail()`);
    try {
      await saveImages(id, { Top: other }).expect(500);
    } finally {
      await t.query('DROP TRIGGER test_branding_row ON draw_branding');
      await t.query('DROP FUNCTION test_fail()');
    }
    expect((await servedImage(id, 'Top'))?.equals(red)).toBe(true);
    expect((await pdf(owner.agent, 'certificatewinners', id)).equals(certificate)).toBe(true);
    const again = await request(t.app.getHttpServer()).get(`/api/certificate/${shortCode}/branding`).expect(200);
    expect(again.headers.etag).toBe(publicBranding.headers.etag);
    // Nothing names the refused save's image: its file went with it.
    expect(brandingFiles(id)).toHaveLength(1);
  });

  it('removes the file of an image once the saved branding no longer names it (replaced or taken out), and no other', async () => {
    const { id, shortCode } = await newDraw();
    const red = solidPng(40, 20, [200, 0, 0]);
    const blue = solidPng(40, 20, [0, 0, 200]);
    const stored = () => brandingFiles(id).map((name) => readFileSync(join(t.dataDir, 'files', 'branding', id, name)));
    await saveImages(id, { Top: (await uploadImage(owner.agent, 'red.png', red).expect(201)).body, Left: (await uploadImage(owner.agent, 'left.jpg', logoJpeg()).expect(201)).body }).expect(200);
    expect(stored()).toHaveLength(2);
    await saveImages(id, { Top: (await uploadImage(owner.agent, 'blue.png', blue).expect(201)).body, Left: { fileName: 'left.jpg', extension: 'jpg' } }).expect(200);
    expect(await namedImages(shortCode)).toEqual({ Top: 'blue.png', Left: 'left.jpg', Banner: null, Right: null });
    expect(
      stored()
        .map((bytes) => (bytes.equals(blue) ? 'blue' : bytes.equals(logoJpeg()) ? 'left' : 'other'))
        .sort(),
    ).toEqual(['blue', 'left']);
    await saveImages(id, { Top: { fileName: 'blue.png', extension: 'png' }, Left: { fileName: '.' } }).expect(200);
    expect(await namedImages(shortCode)).toEqual({ Top: 'blue.png', Left: null, Banner: null, Right: null });
    expect(stored().map((bytes) => bytes.equals(blue))).toEqual([true]);
    expect((await servedImage(id, 'Top'))?.equals(blue)).toBe(true);
  });

  it('serves the images of a branding saved before their keys were recorded from where they were stored, and removes them once replaced', async () => {
    const { id, shortCode } = await newDraw();
    const red = solidPng(40, 20, [200, 0, 0]);
    await saveImages(id, { Top: (await uploadImage(owner.agent, 'red.png', red).expect(201)).body, Left: (await uploadImage(owner.agent, 'left.jpg', logoJpeg()).expect(201)).body }).expect(200);
    // As a save before stop 41 left it: each image under its slot's one key, the row naming no keys.
    const folder = join(t.dataDir, 'files', 'branding', id);
    for (const name of brandingFiles(id)) renameSync(join(folder, name), join(folder, name.replace(/-[0-9a-f]+\./, '.')));
    await t.query(`UPDATE draw_branding SET image_keys = '{}' WHERE draw_id = $1`, [id]);
    expect(brandingFiles(id).sort()).toEqual(['Left.jpg', 'Top.png']);
    expect((await servedImage(id, 'Top'))?.equals(red)).toBe(true);
    const certificate = await pdf(owner.agent, 'certificatewinners', id);
    expect(certificate.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);

    // Kept through a save that changes the colours only, then the Top image replaced.
    await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: id, branding: { ...DEFAULTS, pageColour: '#FAFAFA', images: { Top: { fileName: 'red.png', extension: 'png' }, Left: { fileName: 'left.jpg', extension: 'jpg' } } } })
      .expect(200);
    expect((await servedImage(id, 'Top'))?.equals(red)).toBe(true);
    expect((await servedImage(id, 'Left'))?.equals(logoJpeg())).toBe(true);
    expect(brandingFiles(id).sort()).toEqual(['Left.jpg', 'Top.png']);
    const blue = solidPng(40, 20, [0, 0, 200]);
    await saveImages(id, { Top: (await uploadImage(owner.agent, 'blue.png', blue).expect(201)).body, Left: { fileName: 'left.jpg', extension: 'jpg' } }).expect(200);
    expect(await namedImages(shortCode)).toEqual({ Top: 'blue.png', Left: 'left.jpg', Banner: null, Right: null });
    expect((await servedImage(id, 'Top'))?.equals(blue)).toBe(true);
    expect(brandingFiles(id)).toContain('Left.jpg');
    expect(brandingFiles(id)).not.toContain('Top.png');
    expect(brandingFiles(id)).toHaveLength(2);
  });

  it('removes image files that no saved branding names once a day old (a save cut short by a crash), never a named or a recent one', async () => {
    const { id } = await newDraw();
    const red = solidPng(40, 20, [200, 0, 0]);
    await saveImages(id, { Top: (await uploadImage(owner.agent, 'red.png', red).expect(201)).body }).expect(200);
    const [named] = brandingFiles(id);
    const folder = join(t.dataDir, 'files', 'branding', id);
    // What a process killed between writing a save's image and committing its row leaves; one of a save going on.
    writeFileSync(join(folder, `Top-${'a'.repeat(24)}.png`), red);
    writeFileSync(join(folder, `Left-${'b'.repeat(24)}.png`), red);
    const { id: unbranded } = await newDraw();
    writeFileSync(join(t.dataDir, 'files', 'branding', `${unbranded}-not-a-folder-of-a-draw.png`), red);
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    for (const name of [named, `Top-${'a'.repeat(24)}.png`]) utimesSync(join(folder, name), dayAndAMinuteAgo, dayAndAMinuteAgo);
    utimesSync(join(t.dataDir, 'files', 'branding', `${unbranded}-not-a-folder-of-a-draw.png`), dayAndAMinuteAgo, dayAndAMinuteAgo);

    expect(await t.app.get(BrandingService).sweepUnnamedImages()).toBe(2);
    expect(brandingFiles(id).sort()).toEqual([`Left-${'b'.repeat(24)}.png`, named].sort());
    expect((await servedImage(id, 'Top'))?.equals(red)).toBe(true);
  });

  it('refuses two images or too many fields in one upload with 400 and a clear message, storing nothing', async () => {
    const png = solidPng(10, 10, [1, 2, 3]);
    const uploads = () => t.query('SELECT id FROM branding_upload ORDER BY id');
    const before = await uploads();
    const twoImages = await owner.agent.post('/api/upload/branding').attach('file', png, 'a.png').attach('file2', png, 'b.png');
    expect({ status: twoImages.status, body: twoImages.body }).toEqual({ status: 400, body: { message: 'Upload one image at a time.' } });
    let manyFields = owner.agent.post('/api/upload/branding');
    for (let field = 0; field < 6; field++) manyFields = manyFields.field(`field${field}`, 'x');
    const refused = await manyFields.attach('file', png, 'a.png');
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { message: 'The upload has too many fields.' } });
    expect(await uploads()).toEqual(before);
  });

  it('cuts a long image name at whole characters, so the branding saves with the name it was answered', async () => {
    // '𝐀' (U+1D400) is a letter of two UTF-16 units, here the 100th and 101st of the cleaned name.
    const name = `${'a'.repeat(99)}𝐀${'b'.repeat(20)}.png`;
    const image = (await uploadImage(owner.agent, name, solidPng(10, 10, [0, 0, 0])).expect(201)).body;
    expect(image.headerFileName).toBe('a'.repeat(99));
    const saved = await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: simple.id, branding: { ...DEFAULTS, images: { Top: { fileName: image.headerFileName, serverFileName: image.serverFileName } } } })
      .expect(200);
    expect(saved.body.branding.images.Top.fileName).toBe('a'.repeat(99));
  });

  it("lists the owner's branded draws for reuse and copies a reused branding's images to another draw", async () => {
    const top = (await uploadImage(owner.agent, 'reuse.png', solidPng(60, 30, [0, 120, 0])).expect(201)).body;
    const sourceId = (
      await owner.agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Source draw' }))
        .expect(200)
    ).body as string;
    const saved = (
      await owner.agent
        .post('/api/draw/branding')
        .send({ drawId: sourceId, branding: { ...DEFAULTS, pageColour: '#FAFAFA', images: { Top: { fileName: 'reuse.png', serverFileName: top.serverFileName } } } })
        .expect(200)
    ).body;
    const list = (await owner.agent.get('/api/draw/getBrandReuseList').expect(200)).body;
    expect(list[0]).toMatchObject({ drawId: sourceId, name: 'Source draw', organisation: 'Acme Pty Ltd', drawBranding: saved.drawBranding });
    await request(t.app.getHttpServer()).get('/api/draw/getBrandReuseList').expect(401);

    const targetId = (
      await owner.agent
        .post('/api/draw/submitdraw/')
        .send(simpleDraw({ name: 'Target draw' }))
        .expect(200)
    ).body as string;
    const reused = (await owner.agent.post('/api/draw/branding').send({ drawId: targetId, branding: saved.branding, imagesFromDrawId: sourceId }).expect(200)).body;
    expect(reused.drawBranding).toBe(saved.drawBranding);
    const image = await request(t.app.getHttpServer()).get(`/api/draw/getbrandingimage/${targetId}/`).query({ location: 'top' }).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('removes branding uploads never saved after a day, and keeps the images saved with draws', async () => {
    const fresh = (await uploadImage(owner.agent, 'fresh.png', solidPng(8, 8, [1, 2, 3])).expect(201)).body;
    const old = (await uploadImage(owner.agent, 'old.png', solidPng(8, 8, [3, 2, 1])).expect(201)).body;
    await t.query(`UPDATE branding_upload SET created_at = now() - interval '25 hours' WHERE id = $1`, [old.serverFileName]);
    const file = (id: string) => join(t.dataDir, 'files', 'branding-uploads', id);
    expect(existsSync(file(old.serverFileName))).toBe(true);
    expect(await t.app.get(BrandingService).sweepUploads()).toBeGreaterThanOrEqual(1);
    expect(existsSync(file(old.serverFileName))).toBe(false);
    expect(existsSync(file(fresh.serverFileName))).toBe(true);
    expect(await t.query('SELECT id FROM branding_upload WHERE id = $1', [old.serverFileName])).toEqual([]);
    const stale = await owner.agent
      .post('/api/draw/branding')
      .send({ drawId: simple.id, branding: { ...DEFAULTS, images: { Left: { fileName: 'old.png', serverFileName: old.serverFileName } } } })
      .expect(400);
    expect(stale.body.modelState).toEqual({ 'images.Left': ['This image is not available: upload it again.'] });
  });
});
