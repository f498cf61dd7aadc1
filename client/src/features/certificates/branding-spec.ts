import type { BrandingDto } from '../../api/certificate-api';

/** The default branding of part 2 §3. */
export const DEFAULT_BRANDING: BrandingDto = {
  borderTopColour: '#333333',
  borderBottomColour: '#333333',
  backgroundColour: '#DDDDDD',
  pageColour: '#FFFFFF',
  textColour: '#111111',
  logoColour: '#111111',
  font: 0,
  borderTopVisible: true,
  borderBottomVisible: true,
  logoOption: 'none',
  logoText: '',
  images: { Top: null, Left: null, Banner: null, Right: null },
};

export const FONT_NAMES = ['Roboto Slab', 'Roboto', 'Bebas Neue', 'Poetsen One'] as const;

const SHORT = { t: 'borderTopColour', b: 'borderBottomColour', g: 'backgroundColour', p: 'pageColour', x: 'textColour', l: 'logoColour', f: 'font', tv: 'borderTopVisible', bv: 'borderBottomVisible', lo: 'logoOption', lt: 'logoText' } as const;
const SLOTS = { it: 'Top', il: 'Left', ib: 'Banner', ir: 'Right' } as const;

/**
 * The compact URL-safe serialisation of the server (src/certificates/domain/branding.ts, the same vectors): base64url
 * JSON with short keys, colours without '#', empty and default values dropped. Unreadable parts fall back to defaults.
 */
export function parseBranding(text: string): BrandingDto {
  const branding: BrandingDto = { ...DEFAULT_BRANDING, images: { ...DEFAULT_BRANDING.images } };
  if (!text) return branding;
  let compact: Record<string, unknown>;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    compact = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
  } catch {
    return branding;
  }
  const target = branding as unknown as Record<string, unknown>;
  for (const [key, field] of Object.entries(SHORT)) {
    const value = compact[key];
    if (value === undefined) continue;
    if (field.endsWith('Colour')) {
      if (typeof value === 'string' && /^[0-9A-Fa-f]{6}$/.test(value)) target[field] = `#${value.toUpperCase()}`;
    } else if (field.endsWith('Visible')) target[field] = value === 1 || value === true;
    else if (field === 'font' && [0, 1, 2, 3].includes(value as number)) target[field] = value;
    else if (field === 'logoOption' && ['none', 'text', 'image'].includes(value as string)) target[field] = value;
    else if (field === 'logoText' && typeof value === 'string') target[field] = value.slice(0, 60);
  }
  for (const [key, slot] of Object.entries(SLOTS)) {
    const value = compact[key];
    if (Array.isArray(value) && ['png', 'jpg'].includes(value[0] as string) && typeof value[1] === 'string') {
      branding.images[slot] = { extension: value[0] as 'png' | 'jpg', fileName: value[1] };
    }
  }
  return branding;
}
