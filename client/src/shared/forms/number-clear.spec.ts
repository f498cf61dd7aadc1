import { numberClearText, numberClearValue } from './number-clear';

describe('number-clear input rule', () => {
  it('shows empty for 0 and missing values, the number otherwise', () => {
    expect(numberClearText(0)).toBe('');
    expect(numberClearText(null)).toBe('');
    expect(numberClearText(undefined)).toBe('');
    expect(numberClearText(Number.NaN)).toBe('');
    expect(numberClearText(12)).toBe('12');
  });

  it('writes 0 back when blank', () => {
    expect(numberClearValue('')).toBe(0);
    expect(numberClearValue('   ')).toBe(0);
  });

  it('reads the digits, dropping anything else and leading zeros', () => {
    expect(numberClearValue('1,000')).toBe(1000);
    expect(numberClearValue('007')).toBe(7);
    expect(numberClearValue('0')).toBe(0);
  });

  it('never returns an inexact integer', () => {
    expect(numberClearValue('99999999999999999999')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('round-trips: what is shown reads back as the value', () => {
    for (const value of [0, 1, 42, 1_000_000]) expect(numberClearValue(numberClearText(value))).toBe(value);
  });
});
