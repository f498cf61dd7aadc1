/**
 * The number-clear input (part 1 §5 "Other inputs"): a whole-number field that shows nothing for 0, so the
 * visitor types over an empty box instead of deleting a zero, and that gives 0 back when emptied.
 */

/** What the field shows for a value. */
export function numberClearText(value: number | null | undefined): string {
  if (value === null || value === undefined || value === 0 || !Number.isFinite(value)) return '';
  return String(value);
}

/** The value of what the field holds: 0 when blank; the digits read as a whole number otherwise. */
export function numberClearValue(text: string): number {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') return 0;
  const value = Number(digits);
  // More digits than a double holds exactly: keep the largest exact integer rather than a rounded one.
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}
