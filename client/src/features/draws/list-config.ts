import Cookies from 'js-cookie';
import { type DrawState, isDrawState } from '../../lib/draws/draw-state';

/** Part 2 §2, §9: the draw list's page sizes and sort fields, and the cookie that keeps the visitor's choices. */
const LIST_CONFIG_COOKIE = 'listconfig';
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
const DEFAULT_PAGE_SIZE: PageSize = 25;

export const SORT_FIELDS = ['RelevantDate', 'Name', 'Organisation', 'State', 'Created'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const SORT_FIELD_LABELS: Record<SortField, string> = {
  RelevantDate: 'Draw time',
  Name: 'Name',
  Organisation: 'Organisation',
  State: 'Status',
  Created: 'Date created',
};

/** The list's filters, sort and page size; the page number is not kept (a reload starts on page 1). */
export interface ListConfig {
  showWeb: boolean;
  showApi: boolean;
  showTest: boolean;
  statuses: DrawState[];
  sortField: SortField;
  descending: boolean;
  count: PageSize;
}

/** The statuses in the order the filters list them. */
const STATUS_FILTERS: readonly DrawState[] = ['draft', 'scheduled', 'drawn', 'cancelled', 'error'];

/**
 * Web draws, and for API customers their live API draws too; test-key draws are noise until asked for. Drafts are
 * the API customers' own unfinished draws: off until asked for, as the server's default is.
 */
export function defaultListConfig(): ListConfig {
  return {
    showWeb: true,
    showApi: true,
    showTest: false,
    statuses: ['scheduled', 'drawn', 'cancelled', 'error'],
    sortField: 'RelevantDate',
    descending: true,
    count: DEFAULT_PAGE_SIZE,
  };
}

/** Reads the cookie; a missing or damaged cookie, or a damaged field, falls back to the defaults field by field. */
export function parseListConfig(raw: string | undefined): ListConfig {
  const config = defaultListConfig();
  if (!raw) return config;
  let stored: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return config;
    stored = parsed as Record<string, unknown>;
  } catch {
    return config;
  }
  for (const key of ['showWeb', 'showApi', 'showTest', 'descending'] as const) {
    if (typeof stored[key] === 'boolean') config[key] = stored[key];
  }
  if (Array.isArray(stored.statuses) && stored.statuses.every(isDrawState)) {
    config.statuses = STATUS_FILTERS.filter((status) => (stored.statuses as DrawState[]).includes(status));
  }
  if ((SORT_FIELDS as readonly unknown[]).includes(stored.sortField)) config.sortField = stored.sortField as SortField;
  if ((PAGE_SIZES as readonly unknown[]).includes(stored.count)) config.count = stored.count as PageSize;
  return config;
}

export function serializeListConfig(config: ListConfig): string {
  const { showWeb, showApi, showTest, statuses, sortField, descending, count } = config;
  return JSON.stringify({ showWeb, showApi, showTest, statuses, sortField, descending, count });
}

export function readListConfigCookie(): ListConfig {
  return parseListConfig(Cookies.get(LIST_CONFIG_COOKIE));
}

/** Part 2 §2: secure and strict same-site (Secure only where the page is https, or the browser would drop it). */
export function writeListConfigCookie(config: ListConfig): void {
  Cookies.set(LIST_CONFIG_COOKIE, serializeListConfig(config), {
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    expires: 365,
  });
}

/**
 * The api and test sources and the draft status are for customers with API access (and administrators, whom the
 * server treats alike); others neither see those filters nor send them. The stored choice is kept as it is, so it
 * comes back if the account gains API access.
 */
export function filtersFor(apiAccess: boolean): { sources: ('showWeb' | 'showApi' | 'showTest')[]; statuses: DrawState[] } {
  return {
    sources: apiAccess ? ['showWeb', 'showApi', 'showTest'] : ['showWeb'],
    statuses: apiAccess ? [...STATUS_FILTERS] : STATUS_FILTERS.filter((status) => status !== 'draft'),
  };
}

export interface DrawListArgs {
  page: number;
  count: PageSize;
  sortField: SortField;
  descending: boolean;
  showWeb: boolean;
  showApi: boolean;
  showTest: boolean;
  statuses: string;
  userId?: string;
}

/**
 * The getAll call for a configuration, or why there is nothing to ask: no source or no status chosen (the server
 * would answer an empty list, or refuse an empty status list).
 */
export function listArgs(
  config: ListConfig,
  options: { page: number; apiAccess: boolean; userId?: string },
): { args: DrawListArgs; nothingChosen: null } | { args: null; nothingChosen: 'source' | 'status' } {
  const allowed = filtersFor(options.apiAccess);
  const showApi = options.apiAccess && config.showApi;
  const showTest = options.apiAccess && config.showTest;
  const statuses = config.statuses.filter((status) => allowed.statuses.includes(status));
  if (!config.showWeb && !showApi && !showTest) return { args: null, nothingChosen: 'source' };
  if (statuses.length === 0) return { args: null, nothingChosen: 'status' };
  return {
    args: {
      page: options.page,
      count: config.count,
      sortField: config.sortField,
      descending: config.descending,
      showWeb: config.showWeb,
      showApi,
      showTest,
      statuses: statuses.join(','),
      ...(options.userId ? { userId: options.userId } : {}),
    },
    nothingChosen: null,
  };
}

/** Whether the configuration hides anything the defaults would show, so an empty list is about the filters. */
export function isFiltered(config: ListConfig, apiAccess: boolean): boolean {
  const defaults = defaultListConfig();
  const allowed = filtersFor(apiAccess);
  const chosen = (c: ListConfig) => [c.showWeb, apiAccess && c.showApi, apiAccess && c.showTest, ...allowed.statuses.map((status) => c.statuses.includes(status))];
  const mine = chosen(config);
  return chosen(defaults).some((on, index) => on && !mine[index]);
}

export function pageCount(total: number, count: number): number {
  return Math.max(1, Math.ceil(total / count));
}

/** Direction labels that read naturally for the field: dates run latest/earliest, words Z–A/A–Z. */
export function directionLabels(field: SortField): { descending: string; ascending: string } {
  if (field === 'RelevantDate' || field === 'Created') return { descending: 'Latest first', ascending: 'Earliest first' };
  return { descending: 'Z to A', ascending: 'A to Z' };
}
