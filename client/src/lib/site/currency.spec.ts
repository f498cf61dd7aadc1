import { CURRENCY_SYMBOLS, formatMoney, isCurrency } from './currency';

describe('formatMoney', () => {
  it('reads minor units and formats them in the currency for the locale', () => {
    expect(formatMoney(30000, 'AUD', 'en-US')).toBe('A$300');
    expect(formatMoney(30000, 'AUD', 'en-AU')).toBe('$300');
    expect(formatMoney(4000, 'USD', 'en-US')).toBe('$40');
    expect(formatMoney(120000, 'GBP', 'en-GB')).toBe('£1,200');
  });

  it('shows cents only when there are some', () => {
    expect(formatMoney(2450, 'GBP', 'en-GB')).toBe('£24.50');
    expect(formatMoney(199999, 'USD', 'en-US')).toBe('$1,999.99');
    // A price per credit may split a cent: it is rounded for display.
    expect(formatMoney(3333.3333, 'NZD', 'en-NZ')).toBe('$33.33');
  });

  it('keeps each currency, locale and kind apart although their formatters are made once', () => {
    expect([formatMoney(2450, 'CAD', 'en-US'), formatMoney(2400, 'CAD', 'en-US'), formatMoney(2450, 'CAD', 'en-US')]).toEqual(['CA$24.50', 'CA$24', 'CA$24.50']);
    expect([formatMoney(2400, 'CAD', 'en-CA'), formatMoney(2400, 'USD', 'en-CA')]).toEqual(['$24', 'US$24']);
  });
});

describe('currencies', () => {
  it('knows the five payment currencies and a distinct symbol for each', () => {
    expect(isCurrency('AUD')).toBe(true);
    expect(isCurrency('EUR')).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
    expect(new Set(Object.values(CURRENCY_SYMBOLS)).size).toBe(5);
  });
});
