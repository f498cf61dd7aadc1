// One table of requests and the verdict part 2 §5 gives each (libs/rules/src/generator-rules.ts), shared by the
// rules' unit test (libs/rules/test/generator-rules.spec.ts) and the API test of the server.

const LOWER = 'Please enter a valid lower limit (0 to 10¹⁸).';
const UPPER = 'Please enter a valid upper limit (10¹⁸ maximum).';
const UPPER_NOT_ABOVE = 'The upper limit must be higher than the lower limit.';
const COUNT = 'Please enter a valid count (1 to 1,000,000).';
const UNIQUE_RANGE = 'The range is too small for this many unique numbers.';
const VALUE_ORDER = 'Every number of the range sorted by value is not random: choose fewer numbers or another order.';
const SEQUENCE_RANGE = 'A sequence can have at most 1,000,000 numbers.';
const SEED = 'Please enter a valid seed (4 to 100 characters).';
const MODE = 'Please choose random numbers or a random sequence.';
const ORDERING = 'Please choose random, value or frequency order.';
const DIRECTION = 'Please choose ascending or descending order.';

export interface RngRuleCase {
  name: string;
  input: Record<string, unknown>;
  /** The results limit (site setting randomNumberRowsLimit); 1,000,000 when absent. */
  maxResults?: number;
  /** Field → the one message expected; absent when the request is valid. */
  modelState?: Record<string, string[]>;
  /** For a valid request: the options after normalisation. */
  normalised?: { count?: number; ordering?: number; grouping?: boolean; unique?: boolean };
}

const seed = 'abcd1234abcd1234';
const numbers = (fields: Record<string, unknown> = {}) => ({ mode: 'numbers', count: 10, lowerLimit: '1', upperLimit: '100', seed, ...fields });
const sequence = (fields: Record<string, unknown> = {}) => ({ mode: 'sequence', lowerLimit: '1', upperLimit: '10', seed, ...fields });

export const RNG_RULE_CASES: RngRuleCase[] = [
  { name: 'a plain request', input: numbers(), normalised: { count: 10, ordering: 0, grouping: false, unique: false } },
  { name: 'mode left out means numbers', input: { count: 3, lowerLimit: '1', upperLimit: '6', seed }, normalised: { count: 3 } },
  { name: 'an unknown mode', input: numbers({ mode: 'dice' }), modelState: { mode: [MODE] } },

  { name: 'lower limit missing', input: numbers({ lowerLimit: undefined }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit empty', input: numbers({ lowerLimit: '' }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit with letters', input: numbers({ lowerLimit: '1a' }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit negative', input: numbers({ lowerLimit: '-1' }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit decimal', input: numbers({ lowerLimit: '1.5' }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit with a space', input: numbers({ lowerLimit: ' 1' }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit as a JSON number', input: numbers({ lowerLimit: 1 }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit 10^18', input: numbers({ lowerLimit: '1000000000000000000', upperLimit: '999999999999999999' }), modelState: { lowerLimit: [LOWER] } },
  { name: 'lower limit 0', input: numbers({ lowerLimit: '0' }), normalised: { count: 10 } },

  { name: 'upper limit missing', input: numbers({ upperLimit: undefined }), modelState: { upperLimit: [UPPER] } },
  { name: 'upper limit 10^18', input: numbers({ upperLimit: '1000000000000000000' }), modelState: { upperLimit: [UPPER] } },
  { name: 'upper limit with 19 digits of leading zeros', input: numbers({ upperLimit: '0000000000000000100' }), modelState: { upperLimit: [UPPER] } },
  { name: 'upper limit 10^18 − 1 over the whole range', input: numbers({ lowerLimit: '0', upperLimit: '999999999999999999' }), normalised: { count: 10 } },
  { name: 'upper equal to lower', input: numbers({ lowerLimit: '5', upperLimit: '5' }), modelState: { upperLimit: [UPPER_NOT_ABOVE] } },
  { name: 'upper below lower', input: numbers({ lowerLimit: '50', upperLimit: '49' }), modelState: { upperLimit: [UPPER_NOT_ABOVE] } },
  { name: 'both limits wrong', input: numbers({ lowerLimit: 'x', upperLimit: 'y' }), modelState: { lowerLimit: [LOWER], upperLimit: [UPPER] } },

  { name: 'count missing', input: numbers({ count: undefined }), modelState: { count: [COUNT] } },
  { name: 'count 0', input: numbers({ count: 0 }), modelState: { count: [COUNT] } },
  { name: 'count negative', input: numbers({ count: -3 }), modelState: { count: [COUNT] } },
  { name: 'count a fraction', input: numbers({ count: 2.5 }), modelState: { count: [COUNT] } },
  { name: 'count not numeric', input: numbers({ count: '12a' }), modelState: { count: [COUNT] } },
  { name: 'count as digits', input: numbers({ count: '12' }), normalised: { count: 12 } },
  { name: 'count 1,000,001', input: numbers({ count: 1_000_001, upperLimit: '999999999999999999' }), modelState: { count: [COUNT] } },
  { name: 'count 1,000,000', input: numbers({ count: 1_000_000, upperLimit: '999999999999999999' }), normalised: { count: 1_000_000 } },
  { name: 'count above a lower site limit', input: numbers({ count: 11 }), maxResults: 10, modelState: { count: ['Please enter a valid count (1 to 10).'] } },
  { name: 'count at a lower site limit', input: numbers({ count: 10 }), maxResults: 10, normalised: { count: 10 } },

  { name: 'seed missing', input: numbers({ seed: undefined }), modelState: { seed: [SEED] } },
  { name: 'seed of 3 characters', input: numbers({ seed: 'abc' }), modelState: { seed: [SEED] } },
  { name: 'seed of 4 characters', input: numbers({ seed: 'abcd' }), normalised: { count: 10 } },
  { name: 'seed of 100 characters', input: numbers({ seed: 'x'.repeat(100) }), normalised: { count: 10 } },
  { name: 'seed of 101 characters', input: numbers({ seed: 'x'.repeat(101) }), modelState: { seed: [SEED] } },
  { name: 'seed as a JSON number', input: numbers({ seed: 12345 }), modelState: { seed: [SEED] } },

  { name: 'unique with a range smaller than the count', input: numbers({ uniqueOption: true, lowerLimit: '1', upperLimit: '5', count: 6 }), modelState: { count: [UNIQUE_RANGE] } },
  { name: 'unique with the count equal to the range', input: numbers({ uniqueOption: true, lowerLimit: '1', upperLimit: '5', count: 5 }), normalised: { count: 5, unique: true } },
  { name: 'repeats allowed with a range smaller than the count', input: numbers({ lowerLimit: '1', upperLimit: '5', count: 6 }), normalised: { count: 6 } },
  {
    name: 'unique, ordered by value, count equal to the range',
    input: numbers({ uniqueOption: true, orderingOption: 1, lowerLimit: '1', upperLimit: '5', count: 5 }),
    modelState: { orderingOption: [VALUE_ORDER] },
  },
  { name: 'unique, ordered by value, count below the range', input: numbers({ uniqueOption: true, orderingOption: 1, lowerLimit: '1', upperLimit: '5', count: 4 }), normalised: { ordering: 1 } },
  { name: 'not unique, ordered by value, count equal to the range', input: numbers({ orderingOption: 1, lowerLimit: '1', upperLimit: '5', count: 5 }), normalised: { ordering: 1 } },
  {
    name: 'unique over the whole 10^18 range',
    input: numbers({ uniqueOption: true, lowerLimit: '0', upperLimit: '999999999999999999', count: 1000 }),
    normalised: { count: 1000, unique: true },
  },

  { name: 'frequency order with grouping', input: numbers({ orderingOption: 2, groupingOption: true }), normalised: { ordering: 2, grouping: true } },
  { name: 'frequency order without grouping resets to random', input: numbers({ orderingOption: 2, groupingOption: false }), normalised: { ordering: 0, grouping: false } },
  { name: 'frequency order with unique resets to random', input: numbers({ orderingOption: 2, groupingOption: true, uniqueOption: true }), normalised: { ordering: 0, grouping: false, unique: true } },
  { name: 'value order with grouping stays', input: numbers({ orderingOption: 1, groupingOption: true, orderingDirection: 1 }), normalised: { ordering: 1, grouping: true } },
  { name: 'an unknown order', input: numbers({ orderingOption: 3 }), modelState: { orderingOption: [ORDERING] } },
  { name: 'an order as text', input: numbers({ orderingOption: '1' }), modelState: { orderingOption: [ORDERING] } },
  { name: 'an unknown direction', input: numbers({ orderingDirection: 2 }), modelState: { orderingDirection: [DIRECTION] } },
  { name: 'unique as text', input: numbers({ uniqueOption: 'yes' }), modelState: { uniqueOption: ['uniqueOption must be true or false.'] } },
  { name: 'grouping as a number', input: numbers({ groupingOption: 1 }), modelState: { groupingOption: ['groupingOption must be true or false.'] } },

  { name: 'a sequence', input: sequence(), normalised: { count: 10 } },
  { name: 'a sequence of 1,000,000 numbers', input: sequence({ lowerLimit: '1', upperLimit: '1000000' }), normalised: { count: 1_000_000 } },
  { name: 'a sequence of 1,000,001 numbers', input: sequence({ lowerLimit: '0', upperLimit: '1000000' }), modelState: { upperLimit: [SEQUENCE_RANGE] } },
  { name: 'a sequence at the top of the range', input: sequence({ lowerLimit: '999999999999999990', upperLimit: '999999999999999999' }), normalised: { count: 10 } },
  { name: 'a sequence ignores count and options', input: sequence({ count: 'whatever', uniqueOption: 'x', orderingOption: 9 }), normalised: { count: 10 } },
  { name: 'a sequence of one number', input: sequence({ lowerLimit: '7', upperLimit: '7' }), modelState: { upperLimit: [UPPER_NOT_ABOVE] } },
  { name: 'a sequence without a seed', input: sequence({ seed: '' }), modelState: { seed: [SEED] } },

  {
    name: 'everything wrong at once',
    input: { mode: 'numbers', count: 0, lowerLimit: 'x', upperLimit: '', seed: '' },
    modelState: { lowerLimit: [LOWER], upperLimit: [UPPER], count: [COUNT], seed: [SEED] },
  },
];
