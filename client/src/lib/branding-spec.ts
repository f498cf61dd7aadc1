import type { BrandingDto } from '../api/certificate-api';
import { DEFAULT_BRANDING } from '../../../libs/rules/src/index';
import { decodeCompact, encodeCompact } from '../shared/preview/compact-hash';

// The default branding, the fonts and the contrast rule are the server's (libs/rules).
export { contrastRatio, DEFAULT_BRANDING, FONT_NAMES, MINIMUM_CONTRAST } from '../../../libs/rules/src/index';

const SHORT = {
  t: 'borderTopColour',
  b: 'borderBottomColour',
  g: 'backgroundColour',
  p: 'pageColour',
  x: 'textColour',
  l: 'logoColour',
  f: 'font',
  tv: 'borderTopVisible',
  bv: 'borderBottomVisible',
  lo: 'logoOption',
  lt: 'logoText',
} as const;
const SLOTS = { it: 'Top', il: 'Left', ib: 'Banner', ir: 'Right' } as const;

/**
 * The compact URL-safe serialisation of the server (src/certificates/domain/branding.ts, the same vectors): base64url
 * JSON with short keys, colours without '#', empty and default values dropped. Unreadable parts fall back to defaults.
 */
export function parseBranding(text: string): BrandingDto {
  const branding: BrandingDto = { ...DEFAULT_BRANDING, images: { ...DEFAULT_BRANDING.images } };
  if (!text) return branding;
  const compact = decodeCompact(text);
  if (!compact) return branding;
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

/** The inverse of parseBranding: '' for the default branding. Only saved images (with an extension) are carried. */
export function serialiseBranding(branding: BrandingDto): string {
  const compact: Record<string, unknown> = {};
  const source = branding as unknown as Record<string, unknown>;
  const defaults = DEFAULT_BRANDING as unknown as Record<string, unknown>;
  for (const [key, field] of Object.entries(SHORT)) {
    const value = source[field];
    if (value === '' || value === defaults[field]) continue;
    if (field.endsWith('Colour')) {
      const colour = String(value).toUpperCase();
      if (!/^#[0-9A-F]{6}$/.test(colour) || colour === defaults[field]) continue;
      compact[key] = colour.slice(1);
    } else if (typeof value === 'boolean') compact[key] = value ? 1 : 0;
    else compact[key] = value;
  }
  for (const [key, slot] of Object.entries(SLOTS)) {
    const image = branding.images[slot];
    if (image?.extension && image.fileName !== '.') compact[key] = [image.extension, image.fileName];
  }
  return Object.keys(compact).length === 0 ? '' : encodeCompact(compact);
}
