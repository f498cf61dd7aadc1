import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FontChoice } from '#rules';

/**
 * The four fonts of part 2 §3 (TTF: pdfkit mishandles WOFF2), shipped in src/certificates/fonts under the SIL Open
 * Font License and also served to the browser for the public page and the preview frame.
 */
export const FONT_FILES: Record<FontChoice, string> = {
  0: 'RobotoSlab_400Regular.ttf',
  1: 'Roboto_400Regular.ttf',
  2: 'BebasNeue_400Regular.ttf',
  3: 'PoetsenOne_400Regular.ttf',
};
export const BODY_FONT_FILES = {
  serif: { regular: 'RobotoSlab_400Regular.ttf', bold: 'RobotoSlab_700Bold.ttf' },
  sans: { regular: 'Roboto_400Regular.ttf', bold: 'Roboto_700Bold.ttf' },
};

/** The fonts folder: beside the sources, also when running the build in dist/ (which does not copy it). */
export function fontPath(file: string): string {
  const here = fileURLToPath(new URL(`../fonts/${file}`, import.meta.url));
  return existsSync(here) ? here : here.replace(/([\\/])dist\1src\1/, '$1src$1');
}
