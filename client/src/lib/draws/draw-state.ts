/** Part 2 §4: the states a draw moves through. */
const DRAW_STATES = ['draft', 'scheduled', 'drawn', 'cancelled', 'error'] as const;
export type DrawState = (typeof DRAW_STATES)[number];

export function isDrawState(value: unknown): value is DrawState {
  return typeof value === 'string' && (DRAW_STATES as readonly string[]).includes(value);
}

/**
 * How each state reads in a badge. The colours are filled shades that keep white text at 4.5:1 or better (green is
 * avoided: Mantine's darkest green reads at 4.4:1 under white text, its teal 9 at 5.0:1).
 */
export const STATE_BADGES: Record<DrawState, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray.7' },
  scheduled: { label: 'Scheduled', color: 'brand.7' },
  drawn: { label: 'Drawn', color: 'teal.9' },
  cancelled: { label: 'Cancelled', color: 'gray.8' },
  error: { label: 'Error', color: 'red.9' },
};

export type DrawSource = 'web' | 'api' | 'test';

export const SOURCE_LABELS: Record<DrawSource, string> = { web: 'Web', api: 'API', test: 'Test' };
