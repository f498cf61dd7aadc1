import { axisLabel, groupedDigits } from './chart-labels';
import { NUMBERS_DEFAULTS, numbersRequest, withNumbersOption } from './generator-form';
import { numbersFormFromQuery, sequenceFormFromQuery } from './query-params';
import { browserSeed, isLocalSeed } from './seed';

describe('generator query parameters', () => {
  it('prefill the numbers form', () => {
    const values = numbersFormFromQuery(new URLSearchParams('count=5&lower=10&upper=999999999999999999&unique=true&group=0&sort=value&dir=desc'));
    expect(values).toMatchObject({
      count: '5',
      lowerLimit: '10',
      upperLimit: '999999999999999999',
      uniqueOption: true,
      groupingOption: false,
      orderingOption: 1,
      orderingDirection: 1,
      seedMode: 'quantum',
    });
  });

  it('accept numeric and named sorts and directions', () => {
    expect(numbersFormFromQuery(new URLSearchParams('sort=2&group=true&dir=0'))).toMatchObject({ orderingOption: 2, groupingOption: true, orderingDirection: 0 });
    expect(numbersFormFromQuery(new URLSearchParams('sort=frequency&group=yes&dir=descending'))).toMatchObject({ orderingOption: 2, groupingOption: true, orderingDirection: 1 });
  });

  it('ignore what they cannot read', () => {
    expect(numbersFormFromQuery(new URLSearchParams('count=ten&lower=-1&upper=1e9&unique=maybe&sort=best&dir=up'))).toEqual(NUMBERS_DEFAULTS);
    expect(numbersFormFromQuery(new URLSearchParams('upper=1000000000000000000')).upperLimit).toBe(NUMBERS_DEFAULTS.upperLimit);
  });

  it('reset frequency order to random without grouping or with unique numbers', () => {
    expect(numbersFormFromQuery(new URLSearchParams('sort=2'))).toMatchObject({ orderingOption: 0, groupingOption: false });
    expect(numbersFormFromQuery(new URLSearchParams('sort=2&group=true&unique=true'))).toMatchObject({ orderingOption: 0, groupingOption: false, uniqueOption: true });
    const grouped = { ...NUMBERS_DEFAULTS, groupingOption: true, orderingOption: 2 as const };
    expect(withNumbersOption(grouped, 'uniqueOption', true)).toMatchObject({ orderingOption: 0, groupingOption: false });
    expect(withNumbersOption(grouped, 'groupingOption', false)).toMatchObject({ orderingOption: 0 });
    expect(withNumbersOption(grouped, 'orderingDirection', 1)).toMatchObject({ orderingOption: 2, groupingOption: true, orderingDirection: 1 });
  });

  it('prefill the sequence form with lower and upper only', () => {
    expect(sequenceFormFromQuery(new URLSearchParams('lower=5&upper=50&count=3'))).toEqual({ lowerLimit: '5', upperLimit: '50', seedMode: 'quantum', seed: '' });
  });
});

describe('generator form helpers', () => {
  it('send trimmed text and a stand-in seed until the quantum seed arrives', () => {
    expect(numbersRequest({ ...NUMBERS_DEFAULTS, count: ' 7 ' })).toMatchObject({ mode: 'numbers', count: '7', seed: '0000000000000000' });
    expect(numbersRequest({ ...NUMBERS_DEFAULTS, seedMode: 'own', seed: 'mine' })).toMatchObject({ seed: 'mine' });
    expect(numbersRequest(NUMBERS_DEFAULTS, 'abcdabcdabcdabcd').seed).toBe('abcdabcdabcdabcd');
  });

  it('makes local seeds of 15 hex digits and the marker', () => {
    const seed = browserSeed((bytes) => bytes.fill(0xab));
    expect(seed).toBe('abababababababa*');
    expect(isLocalSeed(seed)).toBe(true);
    expect(isLocalSeed('abababababababab')).toBe(false);
  });

  it('labels axes with grouped digits, or a short scientific form for huge numbers', () => {
    expect(axisLabel('0')).toBe('0');
    expect(axisLabel('999999999')).toBe('999,999,999');
    expect(axisLabel('1000000000')).toBe('1 × 10⁹');
    expect(axisLabel('250000000000000000')).toBe('2.5 × 10¹⁷');
    expect(axisLabel('999999999999999999')).toBe('9.99 × 10¹⁷');
    expect(groupedDigits('1000000')).toBe('1,000,000');
  });
});
