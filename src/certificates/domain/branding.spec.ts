import { contrastRatio, contrastWarnings, DEFAULT_BRANDING, parseBranding, serialiseBranding } from './branding.js';

/** The same vector is checked by the client's copy (client/src/lib/branding-spec.spec.ts). */
export const VECTOR = 'eyJ0IjoiMUE1RkI0IiwieCI6IjI0MUYzMSIsImYiOjMsImJ2IjowLCJsbyI6InRleHQiLCJsdCI6IkFjbWUgw4VyZSIsIml0IjpbInBuZyIsImxvZ28ucG5nIl19';

describe('branding serialisation and contrast', () => {
  it('serialises compactly (defaults and empty values dropped) and reads back', () => {
    expect(serialiseBranding(DEFAULT_BRANDING)).toBe('');
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
    expect(VECTOR).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseBranding(VECTOR)).toEqual({ ...branding, borderTopColour: '#1A5FB4' });
    expect(parseBranding('not base64 json!')).toEqual(DEFAULT_BRANDING);
  });

  it('warns below 4.5:1 for page vs text and page vs a text logo', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21);
    expect(contrastWarnings({ pageColour: '#FFFFFF', textColour: '#767676', logoColour: '#777777', logoOption: 'image' })).toEqual([]);
    expect(contrastWarnings({ pageColour: '#FFFFFF', textColour: '#777777', logoColour: '#777777', logoOption: 'text' }).map((w) => w.field)).toEqual(['textColour', 'logoColour']);
  });
});
