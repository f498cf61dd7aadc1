/**
 * The certificate branding of part 2 §3 and §5 that the editor and the server share: the choices (fonts, logo
 * options, image slots and types), the default branding and the contrast rule (WCAG 2) behind the editor's warnings.
 */
export const FONT_NAMES = ['Roboto Slab', 'Roboto', 'Bebas Neue', 'Poetsen One'] as const;
export type FontChoice = 0 | 1 | 2 | 3;
export const LOGO_OPTIONS = ['none', 'text', 'image'] as const;
export type LogoOption = (typeof LOGO_OPTIONS)[number];
/** The four image slots; `location` of getbrandingimage. With logoOption image, the Top image is the logo. */
export const IMAGE_SLOTS = ['Top', 'Left', 'Banner', 'Right'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
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
