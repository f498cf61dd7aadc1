import type { Draw, DrawState } from './draw.js';
import { DEMO_SCHEDULE_WINDOW_MS, DRAW_MESSAGES } from './draw-rules.js';

/**
 * Which owner action a draw's state allows, and the messages of a refusal (part 2 §4): the one place that says so.
 * The repository's SQL guards repeat the check inside the change (race-safe) with the state they take from here.
 */

/** The only state a draw is cancelled, rescheduled or drawn now from. */
export const CHANGEABLE_STATE = 'scheduled' satisfies DrawState;

/** Part 2 §4 thresholds: draw-now hides 10 s around a passed draw time, cancel and reschedule 1 s. */
const DRAW_NOW_GRACE_MS = 10_000;
const CHANGE_GRACE_MS = 1_000;

export const STATE_MESSAGES = {
  notScheduled: 'This draw can no longer be changed.',
  tooLate: 'It is too late to change this draw: it is being drawn.',
  drawNowTooLate: 'This draw is being drawn now.',
} as const;

export type DrawAction = 'cancel' | 'reschedule' | 'drawNow' | 'saveScrutineer';

type StateFacts = Pick<Draw, 'state' | 'scheduleDate'>;

/** Why the draw's state refuses the action now, or null when it allows it. */
export function actionRefusal(action: DrawAction, draw: StateFacts, now: Date): string | null {
  if (action === 'drawNow') return drawNowRefusal(draw, now);
  // A scrutineer can be named for a scheduled or a drawn draw, not a cancelled one.
  if (action === 'saveScrutineer') return draw.state === 'cancelled' ? STATE_MESSAGES.notScheduled : null;
  return changeRefusal(draw, now);
}

/** Cancel and reschedule: a scheduled draw whose time is at least a second away. */
export function changeRefusal(draw: StateFacts, now: Date): string | null {
  if (draw.state !== CHANGEABLE_STATE) return STATE_MESSAGES.notScheduled;
  if (draw.scheduleDate.getTime() - now.getTime() < CHANGE_GRACE_MS) return STATE_MESSAGES.tooLate;
  return null;
}

/** Draw now: a scheduled draw, unless its time passed less than 10 s ago (the scheduler is drawing it). */
export function drawNowRefusal(draw: StateFacts, now: Date): string | null {
  if (draw.state !== CHANGEABLE_STATE) return STATE_MESSAGES.notScheduled;
  const late = now.getTime() - draw.scheduleDate.getTime();
  if (late >= 0 && late < DRAW_NOW_GRACE_MS) return STATE_MESSAGES.drawNowTooLate;
  return null;
}

/** A new time for a draw: in the future, and a demo's within its window from when it was made. */
export function newTimeRefusal(draw: Pick<Draw, 'demo' | 'createdAt'>, scheduleDate: Date, now: Date): { field: 'scheduleDate'; message: string } | null {
  if (scheduleDate.getTime() <= now.getTime()) return { field: 'scheduleDate', message: DRAW_MESSAGES.scheduleInPast };
  if (draw.demo && scheduleDate.getTime() - draw.createdAt.getTime() > DEMO_SCHEDULE_WINDOW_MS) return { field: 'scheduleDate', message: DRAW_MESSAGES.demoSchedule };
  return null;
}
