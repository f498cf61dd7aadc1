/**
 * Cells starting with = + - @ (or a tab or carriage return) run as formulas when a CSV is opened in a spreadsheet
 * (CSV injection); a leading apostrophe makes them text. Entry files come from the public, so every export does it.
 */
export function escapeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
