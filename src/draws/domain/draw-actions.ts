import type { Draw } from './draw.js';

/** Part 2 §4 thresholds: draw-now hides 10 s around a passed draw time, cancel and reschedule 1 s. */
const DRAW_NOW_GRACE_MS = 10_000;
const CHANGE_GRACE_MS = 1_000;

export const ACTION_MESSAGES = {
  notScheduled: 'This draw can no longer be changed.',
  tooLate: 'It is too late to change this draw: it is being drawn.',
  drawNowTooLate: 'This draw is being drawn now.',
  scrutineerRequired: 'Please fill in all required fields.',
  testKeyOnLiveDraw: 'A test API key acts only on test draws. Use a live API key, or sign in on the website, to change this draw.',
} as const;

/** A test API key tries things out: it changes only the draws it made, never a live one (web or live key). */
export function testKeyRefusal(draw: Pick<Draw, 'source'>, viewer: { testKey?: boolean }): string | null {
  return viewer.testKey && draw.source !== 'test' ? ACTION_MESSAGES.testKeyOnLiveDraw : null;
}

/** Cancel and reschedule: a scheduled draw whose time is at least a second away. */
export function changeRefusal(draw: Pick<Draw, 'state' | 'scheduleDate'>, now: Date): string | null {
  if (draw.state !== 'scheduled') return ACTION_MESSAGES.notScheduled;
  if (draw.scheduleDate.getTime() - now.getTime() < CHANGE_GRACE_MS) return ACTION_MESSAGES.tooLate;
  return null;
}

/** Draw now: a scheduled draw, unless its time passed less than 10 s ago (the scheduler is drawing it). */
export function drawNowRefusal(draw: Pick<Draw, 'state' | 'scheduleDate'>, now: Date): string | null {
  if (draw.state !== 'scheduled') return ACTION_MESSAGES.notScheduled;
  const late = now.getTime() - draw.scheduleDate.getTime();
  if (late >= 0 && late < DRAW_NOW_GRACE_MS) return ACTION_MESSAGES.drawNowTooLate;
  return null;
}

export interface Scrutineer {
  firstName: string;
  lastName: string;
  emailAddress: string;
  qualification: string | null;
  notes: string | null;
}

/** The lookup id of part 2 §5: spaces and a leading # stripped, then it must end in 12 hex digits. */
export function lookupDisplayId(input: string): string | null {
  const cleaned = input.replace(/\s+/g, '').replace(/^#/, '');
  const match = /([0-9a-fA-F]{12})$/.exec(cleaned);
  return match ? match[1].toLowerCase() : null;
}
