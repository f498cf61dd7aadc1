import { MAX_COLUMN_NAME_LENGTH } from '../../../../libs/rules/src/index';

/** Column names: no pipe (the spec keeps the names pipe-separated), at most MAX_COLUMN_NAME_LENGTH characters. */
export function cleanColumnNameInput(value: string): string {
  return value.replace(/\|/g, '').slice(0, MAX_COLUMN_NAME_LENGTH);
}

/** Part 2 §5 preview messages. */
export const PREVIEW_MESSAGES = {
  columns: 'Select at least one column to display and ensure they are all named correctly',
  prizes: 'Select at least one prize to display',
  date: 'Enter a publication date in the future and after the draw date',
  entryCheckColumn: 'Select a column to check against',
  entryCheckName: 'Ensure the selected column has a name',
} as const;

/** Part 2 §9: quick options for the publication date, default 5 minutes ahead. */
export const QUICK_OPTIONS = [
  { label: 'In 5 minutes', ms: 5 * 60_000 },
  { label: 'In 1 hour', ms: 60 * 60_000 },
  { label: 'In 1 day', ms: 24 * 60 * 60_000 },
] as const;

/** Part 2 §9 entry check polling: first after 10 s, then every 2.5 s. */
export const ENTRY_CHECK_FIRST_POLL_MS = 10_000;
export const ENTRY_CHECK_POLL_MS = 2_500;

/** A Date as the value of an `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
