import { MAX_COLUMN_NAME_LENGTH, MAX_PUBLISHED_COLUMNS } from '#rules';

/** Winner publication (part 2 §3, §4, §5, §9): the spec's messages, its limits, and how published values look. */
export const PUBLICATION_MESSAGES = {
  noColumns: 'Select at least 1 column to publish.',
  noPrizes: 'Select at least 1 prize to publish.',
  notFuture: 'Enter a winner publication date in the future.',
  notAfterDraw: 'Enter a winner publication date that is after the draw date.',
  names: 'You must enter a name for each selected column.',
  // Decided where the spec is silent.
  tooManyColumns: 'Select at most 4 columns to publish.',
  nameTooLong: 'Column names can have at most 30 characters.',
  blacklisted: 'This column holds personal data and cannot be published.',
  unknownColumn: 'Select columns of the entries file.',
  unknownPrize: 'Select prizes of the draw.',
  notPublishable: 'The winners of a cancelled or failed draw cannot be published.',
  published: 'The winners have been published.',
  scheduled: 'The winners will be published at the chosen time.',
  unpublished: 'The winners are no longer published.',
  notPublished: 'The winners of this draw are not published.',
} as const;
/**
 * Whether a draw in this state has public pages, its published winners and its entry check: a scheduled or drawn one.
 * Once cancelled or failed it has no winners to count down to, and its file is no longer a draw's entries.
 */
export function isPublicDrawState(state: string): boolean {
  return state === 'scheduled' || state === 'drawn';
}

/** Example rows shown in the preview before the draw (part 2 §9). */
export const MAX_EXAMPLE_ROWS = 5;

/** A column of the entries file as publication and entry check offer it. */
export interface DrawColumn {
  name: string;
  /** Personal data (src/uploads/domain/sensitive-columns.ts): never published, never checked against. */
  blacklisted: boolean;
}

export interface PublicationSettings {
  columns: number[];
  names: string[];
  prizes: number[];
  truncated: boolean;
  upperCase: boolean;
  entries: boolean;
  /** When the winners go live. */
  publishDate: Date;
}

export interface Publication extends PublicationSettings {
  drawId: string;
  shortCode: string;
  /** Set by publish, cleared by unpublish. */
  published: boolean;
  /** Published and its date reached (with the draw drawn): the public page shows the winners. */
  live: boolean;
  countryCode: string | null;
}

/** A column name as stored: pipes stripped (the names are kept pipe-separated in the spec's draw), trimmed. */
export function cleanColumnName(name: string): string {
  return name.replace(/\|/g, '').trim();
}

export interface PublicationRequest {
  columns: number[];
  names: string[];
  prizes: number[];
  publishNow: boolean;
  scheduleDate: Date | null;
}

export interface PublicationTarget {
  columns: readonly DrawColumn[];
  prizeCount: number;
  /** When the draw is (or was) drawn. */
  drawDate: Date;
  drawn: boolean;
}

/** The field and message of the first rule a request breaks, or null. */
export function publicationRefusal(request: PublicationRequest, target: PublicationTarget, now: Date): { field: string; message: string } | null {
  const { columns, names, prizes } = request;
  if (columns.length === 0) return { field: 'columns', message: PUBLICATION_MESSAGES.noColumns };
  if (columns.length > MAX_PUBLISHED_COLUMNS) return { field: 'columns', message: PUBLICATION_MESSAGES.tooManyColumns };
  if (new Set(columns).size !== columns.length || columns.some((c) => !Number.isInteger(c) || c < 0 || c >= target.columns.length))
    return { field: 'columns', message: PUBLICATION_MESSAGES.unknownColumn };
  if (columns.some((c) => target.columns[c].blacklisted)) return { field: 'columns', message: PUBLICATION_MESSAGES.blacklisted };
  if (names.length !== columns.length || names.some((name) => cleanColumnName(name) === '')) return { field: 'names', message: PUBLICATION_MESSAGES.names };
  if (names.some((name) => cleanColumnName(name).length > MAX_COLUMN_NAME_LENGTH)) return { field: 'names', message: PUBLICATION_MESSAGES.nameTooLong };
  if (prizes.length === 0) return { field: 'prizes', message: PUBLICATION_MESSAGES.noPrizes };
  if (new Set(prizes).size !== prizes.length || prizes.some((p) => !Number.isInteger(p) || p < 0 || p >= target.prizeCount)) return { field: 'prizes', message: PUBLICATION_MESSAGES.unknownPrize };
  if (request.publishNow) {
    // Publishing now is publishing at once: only once there are winners.
    if (!target.drawn) return { field: 'scheduleDate', message: PUBLICATION_MESSAGES.notAfterDraw };
    return null;
  }
  if (!request.scheduleDate || request.scheduleDate.getTime() <= now.getTime()) return { field: 'scheduleDate', message: PUBLICATION_MESSAGES.notFuture };
  if (request.scheduleDate.getTime() <= target.drawDate.getTime()) return { field: 'scheduleDate', message: PUBLICATION_MESSAGES.notAfterDraw };
  return null;
}
