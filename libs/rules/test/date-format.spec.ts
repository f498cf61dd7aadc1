import { dateCountryOfTimeZone, dateLocaleOf, formatDate, formatDateTime, isKnownTimeZone, knownTimeZone } from '../src/index.js';

// 07:00:11 UTC is 18:00:11 in Sydney (daylight time) and 02:00:11 in New York.
const MOMENT = '2026-11-26T07:00:11.000Z';

describe('one date format per country site (issue 27)', () => {
  it('writes a day as each country does', () => {
    expect(formatDate(MOMENT, 'us')).toBe('Nov 26, 2026');
    expect(formatDate(MOMENT, 'ca')).toBe('Nov 26, 2026');
    expect(formatDate(MOMENT, 'au')).toBe('26 Nov 2026');
    expect(formatDate(MOMENT, 'nz')).toBe('26 Nov 2026');
    expect(formatDate(MOMENT, 'uk')).toBe('26 Nov 2026');
  });

  it('writes a moment in the given zone, with the country’s clock', () => {
    const text = (country: string, zone: string, seconds = false) => formatDateTime(MOMENT, country, zone, { seconds }).replace(/\s/g, ' ');
    expect(text('au', 'Australia/Sydney')).toBe('26 Nov 2026, 6:00 pm');
    expect(text('uk', 'Australia/Sydney')).toBe('26 Nov 2026, 18:00');
    expect(text('us', 'America/New_York')).toBe('Nov 26, 2026, 2:00 AM');
    expect(text('us', 'America/New_York', true)).toBe('Nov 26, 2026, 2:00:11 AM');
    expect(text('nz', 'UTC', true)).toBe('26 Nov 2026, 7:00:11 am');
  });

  it('takes the day in the zone asked for, not the machine’s', () => {
    expect(formatDate('2026-11-26T20:00:00Z', 'au', 'Australia/Sydney')).toBe('27 Nov 2026');
    expect(formatDate('2026-11-26T20:00:00Z', 'au')).toBe('26 Nov 2026');
  });

  it('falls back to the default site and to UTC for what it does not know', () => {
    expect(dateLocaleOf('xx')).toBe('en-US');
    expect(dateLocaleOf(undefined)).toBe('en-US');
    expect(dateLocaleOf('toString')).toBe('en-US');
    expect(formatDateTime(MOMENT, 'uk', 'Not/AZone')).toBe(formatDateTime(MOMENT, 'uk', 'UTC'));
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
    expect(knownTimeZone('America/New_York')).toBe('America/New_York');
  });

  it('knows the IANA zones and UTC, and nothing else', () => {
    for (const zone of ['UTC', 'Australia/Sydney', 'Pacific/Auckland', 'Etc/GMT+5']) expect(isKnownTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '', 'Australia/Sydney\u0000', '+10:00', 'toString']) expect(isKnownTimeZone(zone)).toBe(false);
  });
});

describe('the country of a draw’s time zone', () => {
  it('maps each country site’s zones to it, and every other zone to the default site', () => {
    expect(dateCountryOfTimeZone('Australia/Sydney')).toBe('au');
    expect(dateCountryOfTimeZone('Australia/Perth')).toBe('au');
    expect(dateCountryOfTimeZone('Pacific/Auckland')).toBe('nz');
    expect(dateCountryOfTimeZone('Europe/London')).toBe('uk');
    expect(dateCountryOfTimeZone('America/Toronto')).toBe('ca');
    expect(dateCountryOfTimeZone('America/Vancouver')).toBe('ca');
    expect(dateCountryOfTimeZone('America/New_York')).toBe('us');
    expect(dateCountryOfTimeZone('Europe/Paris')).toBe('us');
    expect(dateCountryOfTimeZone(undefined)).toBe('us');
  });
});
