import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DRAW_MESSAGES, isKnownTimeZone, knownTimeZone } from '../../../../libs/rules/src/index';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The value format of `<input type="datetime-local">`: a wall-clock time without a zone. */
const LOCAL_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

function inZone(iso: string | number | Date, zone: string): Dayjs {
  return dayjs(iso).tz(knownTimeZone(zone));
}

/** "Australia/Sydney" → "Australia/Sydney"; "America/New_York" → "America/New York": the zone as people read it. */
export function zoneLabel(zone: string): string {
  return knownTimeZone(zone).replace(/_/g, ' ');
}

/**
 * The wall-clock value typed in a datetime-local field, read in the given time zone. Null for an empty or
 * impossible value.
 */
export function parseLocalInput(value: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const parsed = dayjs.tz(value, knownTimeZone(zone));
  return parsed.isValid() ? parsed.toDate() : null;
}

/** A moment as the datetime-local value that shows it in the given zone. */
export function toLocalInput(moment: string | number | Date, zone: string): string {
  return inZone(moment, zone).format(LOCAL_INPUT_FORMAT);
}

/**
 * What the reschedule field starts with: the draw's current time while it is still ahead, else an hour from now on
 * the next whole hour (a time the owner only has to confirm or nudge).
 */
export function defaultRescheduleValue(relevantDateIso: string, zone: string, now: number): string {
  const current = dayjs(relevantDateIso);
  if (current.valueOf() > now + 60_000) return toLocalInput(relevantDateIso, zone);
  return toLocalInput(inZone(now, zone).add(1, 'hour').add(1, 'hour').startOf('hour').toDate(), zone);
}

/**
 * The time zone's offset at that moment in minutes, with the sign of JavaScript's getTimezoneOffset (UTC minus local:
 * Sydney in summer is -660), which is what the wizard sends as timeZoneOffset.
 */
export function timeZoneOffsetMinutes(moment: Date, zone: string): number {
  return -inZone(moment, zone).utcOffset();
}

/** Part 2 §5: a new draw time must be in the future. Null when it is acceptable. */
export function rescheduleError(value: string, zone: string, now: number): string | null {
  const date = parseLocalInput(value, zone);
  if (!date || date.getTime() <= now) return DRAW_MESSAGES.scheduleInPast;
  return null;
}

/** Every zone the browser knows, for the reschedule form; the draw's own zone first if the list lacks it. */
export function timeZoneChoices(current: string): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const zones = supported.includes('UTC') ? supported : [...supported, 'UTC'];
  return zones.includes(current) || !isKnownTimeZone(current) ? zones : [current, ...zones];
}
