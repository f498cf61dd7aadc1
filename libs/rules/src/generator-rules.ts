// The rules of part 2 §5 "RNG / sequence" for the random number and random sequence generators: the page checks a
// request with them before sending, the server before generating.

/** The largest number either limit may be (part 2 §9). */
export const RNG_MAX_VALUE = 999_999_999_999_999_999n;
export const SEED_MIN_LENGTH = 4;
export const SEED_MAX_LENGTH = 100;
/** The length of a seed the page asks for (part 2 §9 "seed 4 to 100, default 16"). */
export const DEFAULT_SEED_LENGTH = 16;
/** Results per request, and the longest sequence, unless the site setting says otherwise (part 1 §9). */
export const DEFAULT_MAX_RESULTS = 1_000_000;

export type RngMode = 'numbers' | 'sequence';
/** orderingOption: 0 random (the order drawn), 1 by value, 2 by frequency (grouped results only). */
export type RngOrdering = 0 | 1 | 2;
/** orderingDirection: 0 ascending, 1 descending. */
export type RngDirection = 0 | 1;

export const ORDER_RANDOM = 0;
export const ORDER_BY_VALUE = 1;
export const ORDER_BY_FREQUENCY = 2;
export const ASCENDING = 0;
export const DESCENDING = 1;

/** The request as it arrives: every field unchecked. */
export interface RngRequestInput {
  mode?: unknown;
  count?: unknown;
  lowerLimit?: unknown;
  upperLimit?: unknown;
  orderingOption?: unknown;
  orderingDirection?: unknown;
  groupingOption?: unknown;
  uniqueOption?: unknown;
  seed?: unknown;
}

/** A valid request, normalised: what the generator runs and what a download regenerates. */
export interface RngRequest {
  mode: RngMode;
  lower: bigint;
  upper: bigint;
  /** Numbers: how many to draw. Sequence: the size of the range (every number once). */
  count: number;
  ordering: RngOrdering;
  direction: RngDirection;
  /** Identical numbers are shown once with their number of occurrences. */
  grouping: boolean;
  unique: boolean;
  seed: string;
}

export type RngField = keyof RngRequestInput;
export type RngModelState = Partial<Record<RngField, string[]>>;
export type RngVerdict = { ok: true; request: RngRequest } | { ok: false; modelState: RngModelState };

/** `{max}` is the results limit, written with thousands separators. */
export const RNG_MESSAGES = {
  mode: 'Please choose random numbers or a random sequence.',
  lowerLimit: 'Please enter a valid lower limit (0 to 10¹⁸).',
  upperLimit: 'Please enter a valid upper limit (10¹⁸ maximum).',
  upperNotAboveLower: 'The upper limit must be higher than the lower limit.',
  count: 'Please enter a valid count (1 to {max}).',
  uniqueRange: 'The range is too small for this many unique numbers.',
  valueOrderWholeRange: 'Every number of the range sorted by value is not random: choose fewer numbers or another order.',
  sequenceRange: 'A sequence can have at most {max} numbers.',
  seed: 'Please enter a valid seed (4 to 100 characters).',
  ordering: 'Please choose random, value or frequency order.',
  direction: 'Please choose ascending or descending order.',
  uniqueOption: 'uniqueOption must be true or false.',
  groupingOption: 'groupingOption must be true or false.',
} as const;

/** 1000000 → "1,000,000" (the same on server and client, whatever the locale). */
export function formatWholeNumber(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const LIMIT_PATTERN = /^[0-9]{1,18}$/;
const COUNT_PATTERN = /^[0-9]{1,9}$/;

/** A limit: digits only, 0 to 999999999999999999. */
export function parseLimit(value: unknown): bigint | undefined {
  return typeof value === 'string' && LIMIT_PATTERN.test(value) ? BigInt(value) : undefined;
}

/** A count: a whole number (or its digits) from 1 to the results limit. */
export function parseCount(value: unknown, maxResults: number): number | undefined {
  let count: number | undefined;
  if (typeof value === 'number') count = value;
  else if (typeof value === 'string' && COUNT_PATTERN.test(value)) count = Number(value);
  return count !== undefined && Number.isSafeInteger(count) && count >= 1 && count <= maxResults ? count : undefined;
}

export function isValidSeed(value: unknown): value is string {
  return typeof value === 'string' && value.length >= SEED_MIN_LENGTH && value.length <= SEED_MAX_LENGTH;
}

function optionalFlag(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return false;
  return typeof value === 'boolean' ? value : undefined;
}

function optionalChoice<T extends number>(value: unknown, choices: readonly T[]): T | undefined {
  if (value === undefined || value === null) return choices[0];
  return choices.includes(value as T) ? (value as T) : undefined;
}

/**
 * Ordering by frequency only means something for grouped numbers that may repeat: otherwise it resets to random
 * (part 2 §5). Grouping unique numbers shows nothing, so it is switched off.
 */
export function normaliseOptions(options: { ordering: RngOrdering; grouping: boolean; unique: boolean }): { ordering: RngOrdering; grouping: boolean } {
  const grouping = options.grouping && !options.unique;
  const ordering = options.ordering === ORDER_BY_FREQUENCY && !grouping ? ORDER_RANDOM : options.ordering;
  return { ordering, grouping };
}

/**
 * Every rule of part 2 §5, one message per field (the first rule a field breaks). A sequence reads only the
 * limits and the seed; its count is the size of the range.
 */
export function checkRngRequest(input: RngRequestInput, maxResults: number = DEFAULT_MAX_RESULTS): RngVerdict {
  const modelState: RngModelState = {};
  const fail = (field: RngField, message: string) => {
    modelState[field] ??= [message.replace('{max}', formatWholeNumber(maxResults))];
  };

  const mode: RngMode | undefined = input.mode === undefined || input.mode === null ? 'numbers' : input.mode === 'numbers' || input.mode === 'sequence' ? input.mode : undefined;
  if (!mode) fail('mode', RNG_MESSAGES.mode);

  const lower = parseLimit(input.lowerLimit);
  if (lower === undefined) fail('lowerLimit', RNG_MESSAGES.lowerLimit);
  const upper = parseLimit(input.upperLimit);
  if (upper === undefined) fail('upperLimit', RNG_MESSAGES.upperLimit);
  const range = lower !== undefined && upper !== undefined ? upper - lower + 1n : undefined;
  if (range !== undefined && range < 2n) fail('upperLimit', RNG_MESSAGES.upperNotAboveLower);

  let count: number | undefined;
  let unique: boolean | undefined = false;
  let grouping: boolean | undefined = false;
  let ordering: RngOrdering | undefined = ORDER_RANDOM;
  let direction: RngDirection | undefined = ASCENDING;
  if (mode === 'sequence') {
    if (range !== undefined && range >= 2n) {
      if (range > BigInt(maxResults)) fail('upperLimit', RNG_MESSAGES.sequenceRange);
      else count = Number(range);
    }
  } else if (mode === 'numbers') {
    count = parseCount(input.count, maxResults);
    if (count === undefined) fail('count', RNG_MESSAGES.count);
    unique = optionalFlag(input.uniqueOption);
    if (unique === undefined) fail('uniqueOption', RNG_MESSAGES.uniqueOption);
    grouping = optionalFlag(input.groupingOption);
    if (grouping === undefined) fail('groupingOption', RNG_MESSAGES.groupingOption);
    ordering = optionalChoice<RngOrdering>(input.orderingOption, [ORDER_RANDOM, ORDER_BY_VALUE, ORDER_BY_FREQUENCY]);
    if (ordering === undefined) fail('orderingOption', RNG_MESSAGES.ordering);
    direction = optionalChoice<RngDirection>(input.orderingDirection, [ASCENDING, DESCENDING]);
    if (direction === undefined) fail('orderingDirection', RNG_MESSAGES.direction);
    if (count !== undefined && range !== undefined && range >= 2n && unique) {
      if (range < BigInt(count)) fail('count', RNG_MESSAGES.uniqueRange);
      else if (ordering === ORDER_BY_VALUE && range === BigInt(count)) fail('orderingOption', RNG_MESSAGES.valueOrderWholeRange);
    }
  }

  if (!isValidSeed(input.seed)) fail('seed', RNG_MESSAGES.seed);

  if (Object.keys(modelState).length > 0) return { ok: false, modelState };
  const options = normaliseOptions({ ordering: ordering!, grouping: grouping!, unique: unique! });
  return {
    ok: true,
    request: {
      mode: mode!,
      lower: lower!,
      upper: upper!,
      count: count!,
      ordering: options.ordering,
      direction: direction!,
      grouping: options.grouping,
      unique: mode === 'sequence' ? true : unique!,
      seed: input.seed as string,
    },
  };
}
