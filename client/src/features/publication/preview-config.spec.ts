import { encodeCompact } from '../../../../libs/rules/src/index';
import {
  type EntryCheckPreviewConfig,
  entryCheckPreviewMessage,
  parseEntryCheckPreview,
  parsePublicationPreview,
  type PublicationPreviewConfig,
  publicationPreviewMessages,
  serialiseEntryCheckPreview,
  serialisePublicationPreview,
  shownParts,
} from './preview-config';
import { PREVIEW_MESSAGES } from './published-value';

const DRAW_ID = '0b7e3c1e-5f0a-4c8e-9d2b-6a1f2e3d4c5b';

const full: PublicationPreviewConfig = {
  drawId: DRAW_ID,
  hasBranding: true,
  columns: [1, 3],
  names: ['Winner', 'Åre číslo'],
  truncated: true,
  upperCase: true,
  entries: true,
  schedule: '2026-12-01T10:30:00.000Z',
  countryCode: 'au',
  prizes: [0, 2],
};

describe('the publication preview config in the frame hash', () => {
  it('round-trips every field, in URL-safe characters only', () => {
    const text = serialisePublicationPreview(full);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parsePublicationPreview(text)).toEqual(full);
  });

  it('drops false, empty and null values (short keys)', () => {
    const bare: PublicationPreviewConfig = {
      drawId: DRAW_ID,
      hasBranding: false,
      columns: [],
      names: [],
      truncated: false,
      upperCase: false,
      entries: false,
      schedule: null,
      countryCode: null,
      prizes: [],
    };
    expect(serialisePublicationPreview(bare)).toBe(encodeCompact({ d: DRAW_ID }));
    expect(parsePublicationPreview(serialisePublicationPreview(bare))).toEqual(bare);
    expect(serialisePublicationPreview({ ...bare, columns: [2], names: ['Name'], upperCase: true })).toBe(encodeCompact({ d: DRAW_ID, c: [2], n: ['Name'], u: 1 }));
  });

  it('refuses a hash without a readable draw id', () => {
    expect(parsePublicationPreview('')).toBeNull();
    expect(parsePublicationPreview('not base64 json!')).toBeNull();
    expect(parsePublicationPreview(encodeCompact({ d: 'ABCDE', c: [0] }))).toBeNull();
    expect(parsePublicationPreview(encodeCompact({ c: [0] }))).toBeNull();
    expect(parsePublicationPreview(btoa('[1,2]'))).toBeNull();
  });

  it('keeps only what the setup page could have sent: 4 distinct columns, clean names, valid dates and countries', () => {
    const parsed = parsePublicationPreview(
      encodeCompact({
        d: DRAW_ID.toUpperCase(),
        c: [0, 0, -1, 'x', 1, 2, 3, 4],
        n: ['A|b', 'dup', 'neg', 'str', 'x'.repeat(40), 7, 'D', 'E'],
        s: 'yesterday-ish',
        cc: 'fr',
        p: [2, 0, 2, -3],
        t: 'yes',
      }),
    );
    expect(parsed).toEqual({
      drawId: DRAW_ID,
      hasBranding: false,
      columns: [0, 1, 2, 3],
      names: ['Ab', 'x'.repeat(30), '', 'D'],
      truncated: false,
      upperCase: false,
      entries: false,
      schedule: null,
      countryCode: null,
      prizes: [0, 2],
    });
  });
});

describe('the entry check preview config in the frame hash', () => {
  it('round-trips, drops a missing column and an empty name, and cleans the name', () => {
    const config: EntryCheckPreviewConfig = { drawId: DRAW_ID, hasBranding: true, idx: 0, name: 'Ticket code' };
    expect(parseEntryCheckPreview(serialiseEntryCheckPreview(config))).toEqual(config);
    expect(serialiseEntryCheckPreview({ drawId: DRAW_ID, hasBranding: false, idx: null, name: '' })).toBe(encodeCompact({ d: DRAW_ID }));
    expect(parseEntryCheckPreview(encodeCompact({ d: DRAW_ID, i: 1.5, n: 'Mem|ber' }))).toEqual({ drawId: DRAW_ID, hasBranding: false, idx: null, name: 'Member' });
    expect(parseEntryCheckPreview(encodeCompact({ i: 1 }))).toBeNull();
  });
});

describe('preview messages from a config', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const draw = { state: 'scheduled', relevantDate: '2026-11-23T13:00:00Z', headerRowColumns: [{ blacklisted: true }, { blacklisted: false }, { blacklisted: false }], prizes: [{}, {}] };
  const ready: PublicationPreviewConfig = { ...full, columns: [1], names: ['Name'], prizes: [0], schedule: '2026-11-23T14:00:00Z' };

  it('is empty for a complete config, and says what is missing otherwise', () => {
    expect(publicationPreviewMessages(ready, draw, now)).toEqual([]);
    expect(publicationPreviewMessages({ ...ready, columns: [], names: [] }, draw, now)).toEqual([PREVIEW_MESSAGES.columns]);
    expect(publicationPreviewMessages({ ...ready, names: [' '] }, draw, now)).toEqual([PREVIEW_MESSAGES.columns]);
    expect(publicationPreviewMessages({ ...ready, prizes: [] }, draw, now)).toEqual([PREVIEW_MESSAGES.prizes]);
    // A date before the draw, a past date, an unreadable date, or "now" before the draw.
    for (const schedule of ['2026-11-23T12:30:00Z', '2026-11-23T11:00:00Z', '', null]) expect(publicationPreviewMessages({ ...ready, schedule }, draw, now)).toEqual([PREVIEW_MESSAGES.date]);
    expect(publicationPreviewMessages({ ...ready, schedule: null }, { ...draw, state: 'drawn' }, now)).toEqual([]);
  });

  it('never shows a personal-data column or a prize the draw does not have', () => {
    const crafted = { ...ready, columns: [0, 1, 7], names: ['Email', 'Name', 'Ghost'], prizes: [0, 5] };
    expect(shownParts(crafted, draw)).toEqual({ columns: [1], names: ['Name'], prizes: [0] });
    expect(publicationPreviewMessages(crafted, draw, now)).toEqual([PREVIEW_MESSAGES.columns]);
  });

  it('asks for an unlocked column, then its name, on the entry check', () => {
    const columns = [{ locked: true }, { locked: false }];
    expect(entryCheckPreviewMessage({ drawId: DRAW_ID, hasBranding: true, idx: null, name: 'x' }, columns)).toBe(PREVIEW_MESSAGES.entryCheckColumn);
    expect(entryCheckPreviewMessage({ drawId: DRAW_ID, hasBranding: true, idx: 0, name: 'x' }, columns)).toBe(PREVIEW_MESSAGES.entryCheckColumn);
    expect(entryCheckPreviewMessage({ drawId: DRAW_ID, hasBranding: true, idx: 1, name: ' ' }, columns)).toBe(PREVIEW_MESSAGES.entryCheckName);
    expect(entryCheckPreviewMessage({ drawId: DRAW_ID, hasBranding: true, idx: 1, name: 'Ticket' }, columns)).toBeNull();
  });
});
