import { decodeCompact, encodeCompact } from './compact-json.js';

/**
 * The certificate branding of part 2 §3 and §5 that the editor and the server share: the choices (fonts, logo
 * options, image slots and types), the default branding, the contrast rule (WCAG 2) behind the editor's warnings,
 * and the compact URL-safe serialisation that the preview frame carries in its hash and the server stores.
 */
export const FONT_NAMES = ['Roboto Slab', 'Roboto', 'Bebas Neue', 'Poetsen One'] as const;
export type FontChoice = 0 | 1 | 2 | 3;
export const LOGO_OPTIONS = ['none', 'text', 'image'] as const;
export type LogoOption = (typeof LOGO_OPTIONS)[number];
/** The four image slots; `location` of getbrandingimage. With logoOption image, the Top image is the logo. */
export const IMAGE_SLOTS = ['Top', 'Left', 'Banner', 'Right'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
/** The most characters (code points) of a text logo. */
export const LOGO_TEXT_MAX = 60;
export const IMAGE_EXTENSIONS = ['png', 'jpg'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

export interface BrandingImage {
  /** The uploaded file's name as the customer knew it; '.' is the slot's default image, which is none. */
  fileName: string;
  extension: ImageExtension | null;
  /** Set while the image is an upload not yet saved with the draw: the serverFileName of /api/upload/branding. */
  serverFileName: string | null;
}

export interface Branding {
  borderTopColour: string;
  borderBottomColour: string;
  backgroundColour: string;
  pageColour: string;
  textColour: string;
  logoColour: string;
  font: FontChoice;
  borderTopVisible: boolean;
  borderBottomVisible: boolean;
  logoOption: LogoOption;
  logoText: string;
  images: Record<ImageSlot, BrandingImage | null>;
}

export const COLOUR_FIELDS = ['borderTopColour', 'borderBottomColour', 'backgroundColour', 'pageColour', 'textColour', 'logoColour'] as const;

export const DEFAULT_BRANDING: Branding = {
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

export const MINIMUM_CONTRAST = 4.5;

/** WCAG 2 relative luminance of '#RRGGBB'. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two '#RRGGBB' colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// ---- The compact URL-safe serialisation: short keys, values that are empty or the default dropped, base64url JSON.

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
} as const satisfies Record<string, Exclude<keyof Branding, 'images'>>;
const SLOT_KEY: Record<ImageSlot, string> = { Top: 'it', Left: 'il', Banner: 'ib', Right: 'ir' };
const HEX_DIGITS = /^[0-9A-Fa-f]{6}$/;

const isColourField = (field: string): field is (typeof COLOUR_FIELDS)[number] => (COLOUR_FIELDS as readonly string[]).includes(field);

/** What serialiseBranding reads: a Branding, or the editor's form of one (slots may be missing, extension unknown). */
export type SerialisableBranding = Omit<Branding, 'images'> & {
  images: Partial<Record<ImageSlot, { fileName: string; extension?: ImageExtension | null } | null>>;
};

/**
 * '' for the default branding; colours as 6 upper-case hex digits without '#' (a colour that is not '#RRGGBB' is left
 * out, as parseBranding would not read it); booleans as 1 or 0; images as [extension, fileName] (saved images only).
 */
export function serialiseBranding(branding: SerialisableBranding): string {
  const compact: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(SHORT)) {
    const value = branding[field];
    if (value === '' || value === DEFAULT_BRANDING[field]) continue;
    if (isColourField(field)) {
      const colour = String(value).toUpperCase();
      if (colour[0] === '#' && HEX_DIGITS.test(colour.slice(1)) && colour !== DEFAULT_BRANDING[field]) compact[key] = colour.slice(1);
    } else if (typeof value === 'boolean') compact[key] = value ? 1 : 0;
    else compact[key] = value;
  }
  for (const slot of IMAGE_SLOTS) {
    const image = branding.images[slot];
    if (image?.extension && image.fileName !== '.') compact[SLOT_KEY[slot]] = [image.extension, image.fileName];
  }
  return Object.keys(compact).length === 0 ? '' : encodeCompact(compact);
}

/** The branding of a serialised string; anything unreadable or invalid in it falls back to the default, per field. */
export function parseBranding(text: string): Branding {
  const branding: Branding = { ...DEFAULT_BRANDING, images: { ...DEFAULT_BRANDING.images } };
  const compact = text ? decodeCompact(text) : null;
  if (!compact) return branding;
  const target = branding as unknown as Record<string, unknown>;
  for (const [key, field] of Object.entries(SHORT)) {
    const value = compact[key];
    if (value === undefined) continue;
    if (isColourField(field)) {
      if (typeof value === 'string' && HEX_DIGITS.test(value)) target[field] = `#${value.toUpperCase()}`;
    } else if (typeof DEFAULT_BRANDING[field] === 'boolean') target[field] = value === 1 || value === true;
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
