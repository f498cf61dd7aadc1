/**
 * The server's rules of a certificate branding (part 2 §3 and §5): what a saved branding must be, its messages, and
 * the contrast warnings. The branding itself, its choices, the default, the contrast ratio and the compact
 * serialisation are the editor's too: libs/rules.
 */
import { type Branding, COLOUR_FIELDS, contrastRatio, type ImageSlot, LOGO_OPTIONS, LOGO_TEXT_MAX, MINIMUM_CONTRAST } from '#rules';

const HEX = /^#[0-9A-Fa-f]{6}$/;

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
