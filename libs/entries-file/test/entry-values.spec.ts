import { MAX_TICKETS_PER_ROW } from '../src/entries-limits.js';
import { INVALID_TICKETS, parseTicketCount } from '../src/entry-values.js';

const tickets = (text: string) => {
  const b = new TextEncoder().encode(text);
  return parseTicketCount(b, 0, b.length);
};

describe('ticket counts', () => {
  it('reads whole numbers from 0 to the row maximum, spaces and tabs around allowed', () => {
    expect(tickets('0')).toBe(0);
    expect(tickets('7')).toBe(7);
    expect(tickets(' 012\t')).toBe(12);
    expect(tickets(String(MAX_TICKETS_PER_ROW))).toBe(MAX_TICKETS_PER_ROW);
  });

  it('refuses blanks, signs, decimals, separators, quotes and values above the maximum', () => {
    for (const value of ['', '  ', '+3', '-1', '1.0', '1,000', '1 000', '"3"', 'three', '٣', String(MAX_TICKETS_PER_ROW + 1), '99999999999999999999']) {
      expect([value, tickets(value)]).toEqual([value, INVALID_TICKETS]);
    }
  });
});
