import { NUMBERS_DEFAULTS, type NumbersFormValues, SEQUENCE_DEFAULTS, type SequenceFormValues, withNumbersOption } from './generator-form';
import type { RngDirection, RngOrdering } from '../../../../libs/rules/src/index';

// The generators' query parameters (part 2 §2) prefill the form: count, lower, upper, unique, group, sort, dir;
// the sequence takes lower and upper. A value that cannot be read is ignored rather than prefilled.

const DIGITS = /^[0-9]{1,18}$/;
const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];
const SORTS: Record<string, RngOrdering> = { '0': 0, random: 0, '1': 1, value: 1, '2': 2, frequency: 2 };
const DIRECTIONS: Record<string, RngDirection> = { '0': 0, asc: 0, ascending: 0, '1': 1, desc: 1, descending: 1 };

function digits(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value !== undefined && DIGITS.test(value) ? value : undefined;
}

function flag(params: URLSearchParams, name: string): boolean | undefined {
  const value = params.get(name)?.trim().toLowerCase();
  if (value === undefined) return undefined;
  if (TRUE.includes(value)) return true;
  return FALSE.includes(value) ? false : undefined;
}

function choice<T>(params: URLSearchParams, name: string, choices: Record<string, T>): T | undefined {
  const value = params.get(name)?.trim().toLowerCase();
  return value !== undefined && Object.hasOwn(choices, value) ? choices[value] : undefined;
}

export function numbersFormFromQuery(params: URLSearchParams): NumbersFormValues {
  let values: NumbersFormValues = {
    ...NUMBERS_DEFAULTS,
    count: digits(params, 'count') ?? NUMBERS_DEFAULTS.count,
    lowerLimit: digits(params, 'lower') ?? NUMBERS_DEFAULTS.lowerLimit,
    upperLimit: digits(params, 'upper') ?? NUMBERS_DEFAULTS.upperLimit,
    uniqueOption: flag(params, 'unique') ?? NUMBERS_DEFAULTS.uniqueOption,
    groupingOption: flag(params, 'group') ?? NUMBERS_DEFAULTS.groupingOption,
    orderingOption: choice(params, 'sort', SORTS) ?? NUMBERS_DEFAULTS.orderingOption,
    orderingDirection: choice(params, 'dir', DIRECTIONS) ?? NUMBERS_DEFAULTS.orderingDirection,
  };
  // The same resets as when the options are clicked.
  values = withNumbersOption(values, 'orderingOption', values.orderingOption);
  return values;
}

export function sequenceFormFromQuery(params: URLSearchParams): SequenceFormValues {
  return {
    ...SEQUENCE_DEFAULTS,
    lowerLimit: digits(params, 'lower') ?? SEQUENCE_DEFAULTS.lowerLimit,
    upperLimit: digits(params, 'upper') ?? SEQUENCE_DEFAULTS.upperLimit,
  };
}
