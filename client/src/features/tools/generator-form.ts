import { normaliseOptions, type RngDirection, type RngOrdering, type RngRequestInput } from '../../../../libs/rules/src/index';

export type SeedMode = 'quantum' | 'own';

/** The numbers form as typed, named after the request's fields so that messages land under the right field. */
export interface NumbersFormValues {
  count: string;
  lowerLimit: string;
  upperLimit: string;
  uniqueOption: boolean;
  groupingOption: boolean;
  orderingOption: RngOrdering;
  orderingDirection: RngDirection;
  seedMode: SeedMode;
  seed: string;
}

export interface SequenceFormValues {
  lowerLimit: string;
  upperLimit: string;
  seedMode: SeedMode;
  seed: string;
}

export const NUMBERS_FIELDS = ['count', 'lowerLimit', 'upperLimit', 'uniqueOption', 'groupingOption', 'orderingOption', 'orderingDirection', 'seed'] as const;
export const SEQUENCE_FIELDS = ['lowerLimit', 'upperLimit', 'seed'] as const;

export const NUMBERS_DEFAULTS: NumbersFormValues = {
  count: '10',
  lowerLimit: '1',
  upperLimit: '100',
  uniqueOption: false,
  groupingOption: false,
  orderingOption: 0,
  orderingDirection: 0,
  seedMode: 'quantum',
  seed: '',
};
export const SEQUENCE_DEFAULTS: SequenceFormValues = { lowerLimit: '1', upperLimit: '10', seedMode: 'quantum', seed: '' };

/** A stand-in seed to check the other fields before a quantum seed is fetched. */
const PENDING_SEED = '0000000000000000';

function seedOf(values: { seedMode: SeedMode; seed: string }, seed?: string): string {
  return seed ?? (values.seedMode === 'own' ? values.seed : PENDING_SEED);
}

/** The RNG request of the numbers form; without a seed yet, one that passes so the other fields can be checked. */
export function numbersRequest(values: NumbersFormValues, seed?: string): RngRequestInput {
  return {
    mode: 'numbers',
    count: values.count.trim(),
    lowerLimit: values.lowerLimit.trim(),
    upperLimit: values.upperLimit.trim(),
    uniqueOption: values.uniqueOption,
    groupingOption: values.groupingOption,
    orderingOption: values.orderingOption,
    orderingDirection: values.orderingDirection,
    seed: seedOf(values, seed),
  };
}

export function sequenceRequest(values: SequenceFormValues, seed?: string): RngRequestInput {
  return { mode: 'sequence', lowerLimit: values.lowerLimit.trim(), upperLimit: values.upperLimit.trim(), seed: seedOf(values, seed) };
}

/**
 * The numbers form after an option changed: ordering by frequency resets to random when unique is on or grouping
 * is off (part 2 §5), and unique numbers have nothing to group.
 */
export function withNumbersOption<Key extends keyof NumbersFormValues>(values: NumbersFormValues, key: Key, value: NumbersFormValues[Key]): NumbersFormValues {
  const next = { ...values, [key]: value };
  const { ordering, grouping } = normaliseOptions({ ordering: next.orderingOption, grouping: next.groupingOption, unique: next.uniqueOption });
  return { ...next, orderingOption: ordering, groupingOption: grouping };
}
