/**
 * The certificate branding of part 2 §3 and §5: colours, font, borders, logo and the four image slots, with the
 * compact URL-safe serialisation the preview frame carries in its hash. The client keeps a copy of the serialisation
 * (client/src/lib/branding-spec.ts, with btoa where this uses Buffer) checked against the same
 * vectors.
 */
import { type Branding, contrastRatio, DEFAULT_BRANDING, type ImageExtension, type ImageSlot, IMAGE_EXTENSIONS, IMAGE_SLOTS, type LogoOption, LOGO_OPTIONS, MINIMUM_CONTRAST } from '#rules';

// The default branding, the choices and the contrast rule are the editor's too: libs/rules.
export { type Branding, type BrandingImage, contrastRatio, DEFAULT_BRANDING, type FontChoice, type ImageExtension, type ImageSlot, IMAGE_EXTENSIONS, IMAGE_SLOTS, LOGO_OPTIONS } from '#rules';
const LOGO_TEXT_MAX = 60;
const HEX = /^#[0-9A-Fa-f]{6}$/;
const COLOUR_FIELDS = ['borderTopColour', 'borderBottomColour', 'backgroundColour', 'pageColour', 'textColour', 'logoColour'] as const;

export const BrandingMessages = {
  colour: 'Enter a colour as 6 hexadecimal digits, e.g. #1A2B3C.',
  font: 'Choose one of the four fonts.',
  logoOption: 'Choose no logo, a text logo or an image logo.',
  logoText: `Enter a logo text of at most ${LOGO_TEXT_MAX} characters.`,
  logoTextMissing: 'Enter the logo text, or choose another logo option.',
  logoImageMissing: 'Upload the logo image (the Top image), or choose another logo option.',
  image: 'This image is not available: upload it again.',
  contrastText: 'The text colour has a contrast below 4.5:1 against the page colour: the certificate may be hard to read.',
  contrastLogo: 'The logo colour has a contrast below 4.5:1 against the page colour: the logo may be hard to read.',
} as const;

/** Part 2 §5: warnings (not errors) when page vs text or page vs logo is below 4.5:1. */
export function contrastWarnings(branding: Pick<Branding, 'pageColour' | 'textColour' | 'logoColour' | 'logoOption'>): { field: 'textColour' | 'logoColour'; ratio: number; message: string }[] {
  const warnings: { field: 'textColour' | 'logoColour'; ratio: number; message: string }[] = [];
  const text = contrastRatio(branding.pageColour, branding.textColour);
  if (text < MINIMUM_CONTRAST) warnings.push({ field: 'textColour', ratio: round2(text), message: BrandingMessages.contrastText });
  const logo = contrastRatio(branding.pageColour, branding.logoColour);
  if (branding.logoOption === 'text' && logo < MINIMUM_CONTRAST) warnings.push({ field: 'logoColour', ratio: round2(logo), message: BrandingMessages.contrastLogo });
  return warnings;
}

function round2(n: number): number {
  return Math.floor(n * 100) / 100;
}

/** The rules of a branding as sent by the editor: field → messages (empty when valid). Colours come back upper-cased. */
export function brandingErrors(branding: Branding): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of COLOUR_FIELDS) if (typeof branding[field] !== 'string' || !HEX.test(branding[field])) add(field, BrandingMessages.colour);
  if (![0, 1, 2, 3].includes(branding.font)) add('font', BrandingMessages.font);
  if (!LOGO_OPTIONS.includes(branding.logoOption)) add('logoOption', BrandingMessages.logoOption);
  if (typeof branding.logoText !== 'string' || [...branding.logoText].length > LOGO_TEXT_MAX) add('logoText', BrandingMessages.logoText);
  else if (branding.logoOption === 'text' && !branding.logoText.trim()) add('logoText', BrandingMessages.logoTextMissing);
  if (branding.logoOption === 'image' && !hasImage(branding, 'Top')) add('images.Top', BrandingMessages.logoImageMissing);
  return errors;
}

export function hasImage(branding: Branding, slot: ImageSlot): boolean {
  const image = branding.images[slot];
  return !!image && image.fileName !== '.' && (!!image.extension || !!image.serverFileName);
}

export function normaliseBranding(branding: Branding): Branding {
  const out = { ...branding, images: { ...branding.images } };
  for (const field of COLOUR_FIELDS) out[field] = branding[field].toUpperCase();
  out.logoText = branding.logoText.trim();
  return out;
}

// ---- The compact URL-safe serialisation: short keys, values that are empty or the default dropped, base64url JSON.

const SHORT: Record<string, keyof Branding> = {
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
};
const SLOT_KEY: Record<ImageSlot, string> = { Top: 'it', Left: 'il', Banner: 'ib', Right: 'ir' };

/** '' for the default branding; colours without '#'; images as [extension, fileName] (saved images only). */
export function serialiseBranding(branding: Branding): string {
  const compact: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(SHORT)) {
    const value = branding[field];
    if (value === '' || value === DEFAULT_BRANDING[field]) continue;
    if (typeof value === 'string' && HEX.test(value)) {
      if (value.toUpperCase() === DEFAULT_BRANDING[field]) continue;
      compact[key] = value.slice(1).toUpperCase();
    } else if (typeof value === 'boolean') compact[key] = value ? 1 : 0;
    else compact[key] = value;
  }
  for (const slot of IMAGE_SLOTS) {
    const image = branding.images[slot];
    if (image && image.extension && image.fileName !== '.') compact[SLOT_KEY[slot]] = [image.extension, image.fileName];
  }
  if (Object.keys(compact).length === 0) return '';
  return Buffer.from(JSON.stringify(compact), 'utf8').toString('base64url');
}

/** The branding of a serialised string; anything unreadable or invalid in it falls back to the default, per field. */
export function parseBranding(text: string): Branding {
  const branding: Branding = { ...DEFAULT_BRANDING, images: { ...DEFAULT_BRANDING.images } };
  if (!text) return branding;
  let compact: Record<string, unknown>;
  try {
    compact = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!compact || typeof compact !== 'object') return branding;
  } catch {
    return branding;
  }
  const target = branding as unknown as Record<string, unknown>;
  for (const [key, field] of Object.entries(SHORT)) {
    const value = compact[key];
    if (value === undefined) continue;
    const fallback = DEFAULT_BRANDING[field];
    if (typeof fallback === 'string' && (COLOUR_FIELDS as readonly string[]).includes(field)) {
      if (typeof value === 'string' && /^[0-9A-Fa-f]{6}$/.test(value)) target[field] = `#${value.toUpperCase()}`;
    } else if (typeof fallback === 'boolean') target[field] = value === 1 || value === true;
    else if (field === 'font' && [0, 1, 2, 3].includes(value as number)) target[field] = value;
    else if (field === 'logoOption' && LOGO_OPTIONS.includes(value as LogoOption)) target[field] = value;
    else if (field === 'logoText' && typeof value === 'string') target[field] = [...value].slice(0, LOGO_TEXT_MAX).join('');
  }
  for (const slot of IMAGE_SLOTS) {
    const value = compact[SLOT_KEY[slot]];
    if (Array.isArray(value) && IMAGE_EXTENSIONS.includes(value[0] as ImageExtension) && typeof value[1] === 'string') {
      branding.images[slot] = { extension: value[0] as ImageExtension, fileName: value[1], serverFileName: null };
    }
  }
  return branding;
}
