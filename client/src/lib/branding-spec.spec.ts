import { DEFAULT_BRANDING, parseBranding, serialiseBranding } from './branding-spec';

// The server's vector (src/certificates/domain/branding.spec.ts).
const VECTOR = 'eyJ0IjoiMUE1RkI0IiwieCI6IjI0MUYzMSIsImYiOjMsImJ2IjowLCJsbyI6InRleHQiLCJsdCI6IkFjbWUgw4VyZSIsIml0IjpbInBuZyIsImxvZ28ucG5nIl19';

describe('the client copy of the branding serialisation', () => {
  it('reads and writes the server vector', () => {
    const branding = parseBranding(VECTOR);
    expect(branding).toEqual({
      ...DEFAULT_BRANDING,
      borderTopColour: '#1A5FB4',
      textColour: '#241F31',
      font: 3,
      borderBottomVisible: false,
      logoOption: 'text',
      logoText: 'Acme Åre',
      images: { ...DEFAULT_BRANDING.images, Top: { fileName: 'logo.png', extension: 'png' } },
    });
    expect(serialiseBranding(branding)).toBe(VECTOR);
    expect(serialiseBranding(DEFAULT_BRANDING)).toBe('');
  });
});
