import type { DrawState } from './draw-state';

/** Part 2 §4, §9: a due draw is polled every 3 s; countdowns tick every second. */
export const DRAW_POLL_MS = 3_000;
export const COUNTDOWN_TICK_MS = 1_000;

/**
 * Part 2 §4 thresholds, as the server applies them (docs/decisions.md, issue 9 server): draw now is refused in the
 * 10 s after the draw time (the scheduler is drawing it then); cancel and reschedule from 1 s before it.
 */
const DRAW_NOW_GRACE_MS = 10_000;
const CHANGE_GRACE_MS = 1_000;

/**
 * When a draw is due, on this browser's clock. The server answers how many seconds are left by its own clock; adding
 * them to the moment the answer arrived keeps a countdown right on a visitor whose clock is wrong.
 */
export function dueAtLocal(secondsTilRelevantDate: number, receivedAt: number): number {
  return receivedAt + secondsTilRelevantDate * 1000;
}

/** A scheduled draw whose time has come: the scheduler is drawing it, and the page shows 'Drawing...'. */
export function isDrawing(state: DrawState, msUntil: number): boolean {
  return state === 'scheduled' && msUntil <= 0;
}

/** How often to ask for a draw again: every 3 s while it is being drawn, otherwise never (0 switches polling off). */
export function pollingIntervalFor(state: DrawState, msUntil: number): number {
  return isDrawing(state, msUntil) ? DRAW_POLL_MS : 0;
}

export interface ActionVisibility {
  reschedule: boolean;
  drawNow: boolean;
  cancel: boolean;
}

/**
 * Which owner actions show (part 2 §4): none once the draw is drawn, cancelled, in error or a draft; cancel and
 * reschedule until a second before the draw time; draw now except in the 10 s after it, when the scheduler is
 * drawing. A draw still scheduled 10 s after its time has been missed (a stalled scheduler), and draw now is how
 * its owner finishes it. The server checks the same rules again.
 */
export function visibleActions(state: DrawState, msUntil: number): ActionVisibility {
  if (state !== 'scheduled') return { reschedule: false, drawNow: false, cancel: false };
  const change = msUntil >= CHANGE_GRACE_MS;
  const late = -msUntil;
  return { reschedule: change, cancel: change, drawNow: !(late >= 0 && late < DRAW_NOW_GRACE_MS) };
}

/**
 * The countdown to a draw: "00:04:05" under a day, "1 day 02:03:04" beyond. Seconds are rounded up, so the display
 * reaches 00:00:00 exactly when the draw is due, never a second early.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
  if (days === 0) return clock;
  return `${days} ${days === 1 ? 'day' : 'days'} ${clock}`;
}

/** The same countdown in words, for screen readers and titles: "2 days, 3 hours, 4 minutes and 5 seconds". */
export function describeCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const parts: [number, string][] = [
    [Math.floor(total / 86_400), 'day'],
    [Math.floor((total % 86_400) / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const words = parts.filter(([value]) => value > 0).map(([value, unit]) => `${value} ${unit}${value === 1 ? '' : 's'}`);
  if (words.length === 0) return '0 seconds';
  if (words.length === 1) return words[0];
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
