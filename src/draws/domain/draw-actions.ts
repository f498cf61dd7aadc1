import type { Caller } from '../../platform/ownership/ownership.js';
import type { Draw } from './draw.js';

export const ACTION_MESSAGES = {
  scrutineerRequired: 'Please fill in all required fields.',
  lookupInvalid: 'Please enter a valid 12-digit hexadecimal ID.',
  testKeyOnLiveDraw: 'A test API key acts only on test draws. Use a live API key, or sign in on the website, to change this draw.',
} as const;

/** A test API key tries things out: it changes only the draws it made, never a live one (web or live key). */
export function testKeyRefusal(draw: Pick<Draw, 'source'>, caller: Pick<Caller, 'source'>): string | null {
  return caller.source === 'test' && draw.source !== 'test' ? ACTION_MESSAGES.testKeyOnLiveDraw : null;
}

export interface Scrutineer {
  firstName: string;
  lastName: string;
  emailAddress: string;
  qualification: string | null;
  notes: string | null;
}

/** A draw's scrutineer as stored: when they were named (their name, e-mail or qualification last set). */
export interface NamedScrutineer extends Scrutineer {
  namedAt: Date;
}

/** The lookup id of part 2 §5: spaces and a leading # stripped, then it must end in 12 hex digits. */
export function lookupDisplayId(input: string): string | null {
  const cleaned = input.replace(/\s+/g, '').replace(/^#/, '');
  const match = /([0-9a-fA-F]{12})$/.exec(cleaned);
  return match ? match[1].toLowerCase() : null;
}
