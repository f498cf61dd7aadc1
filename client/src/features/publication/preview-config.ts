import { type CountryCode, isCountryCode } from '../../lib/countries';
import { decodeCompact, encodeCompact, MAX_PUBLISHED_COLUMNS } from '../../../../libs/rules/src/index';
import { cleanColumnNameInput, PREVIEW_MESSAGES } from './published-value';

/**
 * Part 2 §3 Publication preview config: what the owner has chosen on the setup page, carried to the winners preview
 * frame (`/cert/{shortCode}w/?prev=true#…`). `drawId` is added: the frame asks the owner's setup endpoint, which
 * takes the draw id (not secret: the public certificate shows it).
 */
export interface PublicationPreviewConfig {
  drawId: string;
  /** Draw the preview in the draw's saved branding (as the public page); false: the default colours. */
  hasBranding: boolean;
  /** 0-based columns of the entries file, at most 4. */
  columns: number[];
  /** One published name per column. */
  names: string[];
  truncated: boolean;
  upperCase: boolean;
  entries: boolean;
  /** The publication date (ISO), or null for "publish now". */
  schedule: string | null;
  countryCode: CountryCode | null;
  /** 0-based prizes. */
  prizes: number[];
}

/** Part 2 §3 Entry check preview config, with `drawId` added as for the publication. */
export interface EntryCheckPreviewConfig {
  drawId: string;
  hasBranding: boolean;
  /** The 0-based column to check against, null when none is chosen. */
  idx: number | null;
  name: string;
}

/**
 * The setup pages' frames: the public page at most 720 px wide (fw), its branded area at most 480 px high (wh, eh)
 * and scrolling inside beyond that, in a frame tall enough for it below the site header.
 */
export const PREVIEW_FRAME = { width: 720, height: 480, frameHeight: 600 } as const;

const DRAW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_INDEX = 9_999;

const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_INDEX;
const indices = (value: unknown, max: number): number[] => (Array.isArray(value) ? [...new Set(value.filter(isIndex))].slice(0, max) : []);
const flag = (value: unknown) => value === 1 || value === true;
const drawIdOf = (compact: Record<string, unknown>) => (typeof compact.d === 'string' && DRAW_ID.test(compact.d) ? compact.d.toLowerCase() : null);

/**
 * Short keys, false/empty/null values dropped, then base64url JSON (the branding serialisation's helpers):
 * d drawId, hb hasBranding, c columns, n names, t truncated, u upperCase, e entries, s schedule, cc countryCode,
 * p prizes.
 */
export function serialisePublicationPreview(config: PublicationPreviewConfig): string {
  const compact: Record<string, unknown> = { d: config.drawId };
  if (config.hasBranding) compact.hb = 1;
  if (config.columns.length) {
    compact.c = config.columns;
    compact.n = config.columns.map((_, i) => config.names[i] ?? '');
  }
  if (config.truncated) compact.t = 1;
  if (config.upperCase) compact.u = 1;
  if (config.entries) compact.e = 1;
  if (config.schedule) compact.s = config.schedule;
  if (config.countryCode) compact.cc = config.countryCode;
  if (config.prizes.length) compact.p = config.prizes;
  return encodeCompact(compact);
}

/**
 * The inverse of serialisePublicationPreview, null without a readable draw id. Anything else unreadable is dropped
 * (columns past the 4th, repeated or negative indices, non-text names), and names are cleaned as the setup page
 * cleans them (no pipe, 30 characters).
 */
export function parsePublicationPreview(text: string): PublicationPreviewConfig | null {
  const compact = decodeCompact(text);
  const drawId = compact && drawIdOf(compact);
  if (!compact || !drawId) return null;
  const rawColumns = Array.isArray(compact.c) ? compact.c : [];
  const rawNames = Array.isArray(compact.n) ? compact.n : [];
  const columns: number[] = [];
  const names: string[] = [];
  rawColumns.forEach((column, i) => {
    if (!isIndex(column) || columns.includes(column) || columns.length >= MAX_PUBLISHED_COLUMNS) return;
    columns.push(column);
    names.push(typeof rawNames[i] === 'string' ? cleanColumnNameInput(rawNames[i] as string) : '');
  });
  const schedule = typeof compact.s === 'string' && Number.isFinite(Date.parse(compact.s)) ? new Date(compact.s).toISOString() : null;
  return {
    drawId,
    hasBranding: flag(compact.hb),
    columns,
    names,
    truncated: flag(compact.t),
    upperCase: flag(compact.u),
    entries: flag(compact.e),
    schedule,
    countryCode: isCountryCode(compact.cc) ? compact.cc : null,
    prizes: indices(compact.p, MAX_INDEX + 1).sort((a, b) => a - b),
  };
}

/** d drawId, hb hasBranding, i idx, n name; false/empty/null dropped, base64url JSON. */
export function serialiseEntryCheckPreview(config: EntryCheckPreviewConfig): string {
  const compact: Record<string, unknown> = { d: config.drawId };
  if (config.hasBranding) compact.hb = 1;
  if (config.idx !== null) compact.i = config.idx;
  if (config.name) compact.n = config.name;
  return encodeCompact(compact);
}

/** The inverse of serialiseEntryCheckPreview, null without a readable draw id. */
export function parseEntryCheckPreview(text: string): EntryCheckPreviewConfig | null {
  const compact = decodeCompact(text);
  const drawId = compact && drawIdOf(compact);
  if (!compact || !drawId) return null;
  return {
    drawId,
    hasBranding: flag(compact.hb),
    idx: isIndex(compact.i) ? compact.i : null,
    name: typeof compact.n === 'string' ? cleanColumnNameInput(compact.n) : '',
  };
}

/** What the preview rules need of the owner's publication setup. */
export interface PublicationPreviewDraw {
  state: string;
  relevantDate: string;
  headerRowColumns: { blacklisted: boolean }[];
  prizes: unknown[];
}

/**
 * The columns and prizes of a config that the draw can show: columns that exist and hold no personal data (with
 * their names), prizes that exist. The frame draws only these, whatever its hash says.
 */
export function shownParts(config: PublicationPreviewConfig, draw: PublicationPreviewDraw): { columns: number[]; names: string[]; prizes: number[] } {
  const kept = config.columns.map((column, i) => ({ column, name: config.names[i] ?? '' })).filter(({ column }) => draw.headerRowColumns[column] && !draw.headerRowColumns[column].blacklisted);
  return { columns: kept.map(({ column }) => column), names: kept.map(({ name }) => name), prizes: config.prizes.filter((p) => p < draw.prizes.length) };
}

/**
 * Part 2 §5 publication preview messages for a config, empty when the preview can be drawn: the setup page shows
 * them instead of the frame, and the frame instead of the winners. "Publish now" (no schedule) needs a drawn draw;
 * a date must be in the future and after the draw.
 */
export function publicationPreviewMessages(config: PublicationPreviewConfig, draw: PublicationPreviewDraw, now: number): string[] {
  const { columns, names, prizes } = shownParts(config, draw);
  const messages: string[] = [];
  if (columns.length === 0 || columns.length !== config.columns.length || names.some((name) => !name.trim())) messages.push(PREVIEW_MESSAGES.columns);
  if (prizes.length === 0) messages.push(PREVIEW_MESSAGES.prizes);
  const at = config.schedule === null ? NaN : Date.parse(config.schedule);
  if (config.schedule === null ? draw.state !== 'drawn' : !(at > now && at > Date.parse(draw.relevantDate))) messages.push(PREVIEW_MESSAGES.date);
  return messages;
}

/** Part 2 §5 entry check preview message for a config, null when the preview can be drawn. */
export function entryCheckPreviewMessage(config: EntryCheckPreviewConfig, columns: { locked: boolean }[]): string | null {
  if (config.idx === null || !columns[config.idx] || columns[config.idx].locked) return PREVIEW_MESSAGES.entryCheckColumn;
  return config.name.trim() ? null : PREVIEW_MESSAGES.entryCheckName;
}
