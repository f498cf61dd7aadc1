/** Part 2 §2: a prize shows its first 5 winners until the visitor asks for all of them. */
const WINNER_EXPAND_LIMIT = 5;

/**
 * "Show all" renders at most this many rows at once: a draw may have a million winners, which no page can render
 * (the results download has them all).
 */
export const WINNER_RENDER_CAP = 1_000;

export interface WinnerLike {
  entryNumber: number;
  columns: string[] | null;
}

/** The winners a prize shows now, and how many are held back. */
export function shownWinners<T>(winners: readonly T[], expanded: boolean): { shown: readonly T[]; hidden: number } {
  const limit = expanded ? WINNER_RENDER_CAP : WINNER_EXPAND_LIMIT;
  const shown = winners.slice(0, limit);
  return { shown, hidden: winners.length - shown.length };
}

/**
 * A winner's row fields as shown: only when the server sent them (the owner's view; a visitor's view has none,
 * ever) and screen-share mode is not hiding sensitive columns (part 1 §3).
 */
export function visibleColumns(winner: WinnerLike, hideColumns: boolean): string[] {
  if (hideColumns || !Array.isArray(winner.columns)) return [];
  return winner.columns.filter((value) => value.trim() !== '');
}

/** Screen-share settings may ask for the winners modal to run from the last prize to the first (the big one last). */
export function prizesInOrder<T>(prizes: readonly T[], reverse: boolean): { prize: T; number: number }[] {
  const numbered = prizes.map((prize, index) => ({ prize, number: index + 1 }));
  return reverse ? numbered.reverse() : numbered;
}

/** "1 winner", "3 winners, 2 reserves". */
export function prizeSummary(quantity: number, reserves: number, format: (n: number) => string = String): string {
  const winners = `${format(quantity)} ${quantity === 1 ? 'winner' : 'winners'}`;
  if (reserves === 0) return winners;
  return `${winners}, ${format(reserves)} ${reserves === 1 ? 'reserve' : 'reserves'}`;
}

/** Numbers for the visitor's locale (DESIGN.md: numbers formatted for the visitor). */
export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
