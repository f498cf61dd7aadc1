import { pdfText } from '../../../test/support/pdf-text.js';
import { DEFAULT_BRANDING } from '#rules';
import type { CertificateFacts } from '../domain/certificate-facts.js';
import { renderCertificatePdf } from './certificate-pdf.js';

const facts: CertificateFacts = {
  drawId: '6f1c1a52-8c1e-4c55-9a51-0a1b2c3d4e5f',
  displayId: '0A1B2C3D4E5F',
  shortCode: 'ABCDE',
  name: 'Spring giveaway – Łódź',
  organisation: 'Acme Pty Ltd',
  state: 'drawn',
  demo: false,
  test: false,
  relevantDate: '2026-05-01T04:00:00.000Z',
  scheduleDate: '2026-05-01T04:00:00.000Z',
  drawnAt: '2026-05-01T04:00:01.000Z',
  timeZone: 'Australia/Sydney',
  entryMethod: 'uploadAdvanced',
  entryCount: 40,
  ticketCount: 80,
  entrantCount: 20,
  headerRow: true,
  entryCountColumn: 2,
  uniqueEntrantIdColumn: 3,
  oneWinPerEntrant: true,
  delimiter: ',',
  prizes: [{ description: 'Bike', quantity: 2, reserves: 1, winnersAwarded: 2, winners: [17, 4], reserveWinners: [33] }],
  scrutineer: { name: 'Sam Lee', qualification: 'JP', namedAfterDraw: false },
  entriesSha256: 'a'.repeat(64),
  seedScheme: 'seed/1',
  seedHash: 'b'.repeat(64),
  serverSeed: null,
  seed: 'c'.repeat(64),
  beacon: null,
  engineVersion: 'fairdraw-engine/1',
  log: null,
  url: 'http://localhost:3000/cert/ABCDE/',
};

describe('renderCertificatePdf', () => {
  it('states the facts, and renders the same bytes for the same draw', async () => {
    const options = { facts, branding: DEFAULT_BRANDING, withWinners: true, image: async () => null };
    const first = await renderCertificatePdf(options);
    const second = await renderCertificatePdf(options);
    expect(first.equals(second)).toBe(true);
    const text = pdfText(first).join('\n');
    expect(text).toContain('Spring giveaway – Łódź');
    for (const fact of [
      'a'.repeat(64),
      'b'.repeat(64),
      'c'.repeat(64),
      '40 entry rows, 80 entries, 20 entrants',
      'Sam Lee, JP',
      '1 May 2026, 2:00:01 pm (Australia/Sydney, UTC+10:00)',
      '17, 4',
      'fairdraw-engine/1',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain('not a certified draw');
    expect(text).toContain('FairDraw certifies that the draw below was drawn independently and at random');
    expect(text).toContain('seed/1: a seed committed to before the draw');
    // Written for a reader, not a developer: how and where to check, no command or font name.
    expect(text.replace(/\s+/g, ' ')).toContain("The check runs on the draw's public page, at the address below or through the QR code");
    expect(text).not.toMatch(/npm run|Font:/);
  });

  it('says a demo, or a draw made with a test API key, is not a certified draw', async () => {
    const textOf = async (overrides: Partial<CertificateFacts>) =>
      pdfText(await renderCertificatePdf({ facts: { ...facts, ...overrides }, branding: DEFAULT_BRANDING, withWinners: false, image: async () => null })).join('\n');
    const demo = await textOf({ demo: true });
    const test = await textOf({ test: true });
    expect(demo).toContain('Demo draw: not a certified draw.');
    expect(test).toContain('Test draw (made with a test API key): not a certified draw.');
    // Nothing above that line says otherwise: the opening certifies only a certified draw.
    for (const text of [demo, test]) {
      expect(text).not.toMatch(/certifies/);
      expect(text).toContain("The draw below was drawn by FairDraw's draw engine. FairDraw does not certify it.");
    }
  });

  it("states a beacon draw's commitment, chain, round and round time, and who could know the winners in advance", async () => {
    const beacon = {
      chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
      publicKey: '83cf'.padEnd(192, '0'),
      genesisTime: 1692803367,
      period: 3,
      scheme: 'bls-unchained-g1-rfc9380',
      round: 34297012,
      roundTime: '2026-11-26T12:00:00.000Z',
      independent: true,
      randomness: 'd'.repeat(64),
      signature: 'e'.repeat(96),
    };
    const textOf = async (overrides: Partial<CertificateFacts>) =>
      pdfText(
        await renderCertificatePdf({
          facts: { ...facts, seedScheme: 'beacon/1', serverSeed: 'f'.repeat(64), seed: 'f'.repeat(64) + 'd'.repeat(64), beacon, ...overrides },
          branding: DEFAULT_BRANDING,
          withWinners: false,
          image: async () => null,
        }),
      ).join('\n');
    const drand = (await textOf({})).replace(/\s+/g, ' ');
    for (const fact of [
      'b'.repeat(64),
      'f'.repeat(64),
      'd'.repeat(64),
      beacon.chainHash,
      'drand quicknet (League of Entropy)',
      '34297012, at 26 Nov 2026, 11:00:00 pm (Australia/Sydney, UTC+11:00)',
    ]) {
      expect(drand).toContain(fact);
    }
    expect(drand).toContain('Neither the promoter nor FairDraw could know or choose the winners before 26 Nov 2026, 11:00:00 pm');
    const own = (await textOf({ beacon: { ...beacon, independent: false } })).replace(/\s+/g, ' ');
    expect(own).toContain("FairDraw's own beacon (not independent)");
    expect(own).toContain('not an independent one, so this draw does not rule out that FairDraw could know the winners in advance');
    expect(own).not.toContain('Neither the promoter nor FairDraw');
  });
});
