/** The screen-share clock's text, like '3 Jan 2024 09:05:01 am' (part 1 §4), in the chosen time zone. */
export function formatScreenShareClock(date: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    }).formatToParts(date);
  } catch {
    // A zone this browser does not know (a cookie from another machine): the browser's own zone.
    return formatScreenShareClock(date, Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = part('hour').padStart(2, '0');
  // en-GB writes 12-hour midnight as 0 in some engines: the clock shows 12.
  const shownHour = hour === '00' ? '12' : hour;
  // en-GB's short September is 'Sept' in current ICU (Chrome, Node): the clock's months are three letters.
  const month = part('month').slice(0, 3);
  return `${part('day')} ${month} ${part('year')} ${shownHour}:${part('minute')}:${part('second')} ${part('dayPeriod').toLowerCase()}`;
}

/** Every time zone the browser knows, for the settings' choice. */
export function timeZones(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC'];
}
