import { DEFAULT_BRANDING, parseBranding, serialiseBranding } from '../src/index.js';

/**
 * Golden vectors: what the server stored and the pages linked before the serialisation moved here (the server's copy
 * wrote them with Buffer, the client's with btoa). They must read and write the same forever.
 */
const VECTOR = 'eyJ0IjoiMUE1RkI0IiwieCI6IjI0MUYzMSIsImYiOjMsImJ2IjowLCJsbyI6InRleHQiLCJsdCI6IkFjbWUgw4VyZSIsIml0IjpbInBuZyIsImxvZ28ucG5nIl19';
const EVERY_FIELD =
  'eyJ0IjoiMDAwMDAwIiwiYiI6IkZGRkZGRiIsImciOiIxMjM0NTYiLCJwIjoiRkVEQ0JBIiwieCI6IjBBMEIwQyIsImwiOiJBQkNERUYiLCJmIjoyLCJ0diI6MCwiYnYiOjAsImxvIjoiaW1hZ2UiLCJsdCI6IuKckyDwn46JIM6jIiwiaXQiOlsianBnIiwidG9wLmpwZyJdLCJpbCI6WyJwbmciLCLDhXJlLnBuZyJdLCJpYiI6WyJwbmciLCJiPz4_LnBuZyJdLCJpciI6WyJqcGciLCJyLmpwZyJdfQ';

describe('the compact URL-safe serialisation of a branding', () => {
  it('is empty for the default branding', () => {
    expect(serialiseBranding(DEFAULT_BRANDING)).toBe('');
    expect(parseBranding('')).toEqual(DEFAULT_BRANDING);
  });

  it('writes and reads the golden vectors (defaults and empty values dropped, colours upper-cased)', () => {
    const branding = {
      ...DEFAULT_BRANDING,
      borderTopColour: '#1a5fb4',
      textColour: '#241F31',
      font: 3 as const,
      borderBottomVisible: false,
      logoOption: 'text' as const,
      logoText: 'Acme Åre',
      images: { ...DEFAULT_BRANDING.images, Top: { fileName: 'logo.png', extension: 'png' as const, serverFileName: null } },
    };
    expect(serialiseBranding(branding)).toBe(VECTOR);
    expect(parseBranding(VECTOR)).toEqual({ ...branding, borderTopColour: '#1A5FB4' });

    const everyField = {
      borderTopColour: '#000000',
      borderBottomColour: '#ffffff',
      backgroundColour: '#123456',
      pageColour: '#FEDCBA',
      textColour: '#0a0b0c',
      logoColour: '#ABCDEF',
      font: 2 as const,
      borderTopVisible: false,
      borderBottomVisible: false,
      logoOption: 'image' as const,
      logoText: '✓ 🎉 Σ',
      images: {
        Top: { fileName: 'top.jpg', extension: 'jpg' as const, serverFileName: null },
        Left: { fileName: 'Åre.png', extension: 'png' as const, serverFileName: null },
        Banner: { fileName: 'b?>?.png', extension: 'png' as const, serverFileName: null },
        Right: { fileName: 'r.jpg', extension: 'jpg' as const, serverFileName: null },
      },
    };
    expect(serialiseBranding(everyField)).toBe(EVERY_FIELD);
    expect(parseBranding(EVERY_FIELD)).toEqual({ ...everyField, borderBottomColour: '#FFFFFF', textColour: '#0A0B0C' });
  });

  it('carries saved images only: not a new upload (no extension yet) nor a slot’s default image', () => {
    const images = { Top: { fileName: 'new.png', extension: null, serverFileName: 'f'.repeat(32) }, Left: { fileName: '.', extension: 'png' as const, serverFileName: null } };
    expect(serialiseBranding({ ...DEFAULT_BRANDING, images })).toBe('');
  });

  it('falls back to the default, field by field, for what it cannot read', () => {
    expect(parseBranding('not base64 json!')).toEqual(DEFAULT_BRANDING);
    const odd = Buffer.from(JSON.stringify({ t: '#123456', f: 7, lo: 'video', tv: 0, lt: 'x'.repeat(70), ir: ['gif', 'r.gif'], x: 'abcdef' })).toString('base64url');
    expect(parseBranding(odd)).toEqual({ ...DEFAULT_BRANDING, borderTopVisible: false, logoText: 'x'.repeat(60), textColour: '#ABCDEF' });
  });
});
