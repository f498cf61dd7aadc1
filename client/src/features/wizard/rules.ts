/**
 * The draw wizard's rules (part 1 §4, §5, §9): which steps are shown, where Continue and Back lead, what each step
 * needs before the visitor may move on, and the default draw times. Pure functions of the wizard's draw, so they
 * are unit-tested in node. The rules the server checks too, and every message, are libs/rules'.
 */
import {
  DEMO_MAX_ENTRIES,
  DEMO_SCHEDULE_WINDOW_MS,
  DRAW_MESSAGES,
  entryCountProblem,
  prizeErrors as sharedPrizeErrors,
  scheduleErrors as sharedScheduleErrors,
} from '../../../../libs/rules/src/index';
import type { AdvancedProcessingResultDto } from '../../api/wizard-api';

/** The most prizes the "add prizes" control adds at once. */
export const MAX_PRIZES_ADDED_AT_ONCE = 99;
/** Part 2 §9: the column selectors offer the first columns of the header row only. */
export const MAX_SELECTABLE_COLUMNS = 6;

const WIZARD_STEPS = ['name', 'entrymethod', 'entries', 'prizes', 'time', 'account', 'purchase', 'confirmation'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export type EntryMethod = 'simple' | 'upload' | 'uploadAdvanced';

/** Part 1 §3 "Payment options in the wizard". */
export type PaymentOption = 0 | 1 | 2 | 3 | 4;
export const PAYMENT_DEMO: PaymentOption = 4;
export const PAYMENT_USE_CREDITS: PaymentOption = 2;

export interface WizardPrize {
  description: string;
  quantity: number;
  reserves: number;
}

/** What the rules read of the confirm details answer (part 1 §3 "Confirm details"). */
interface ConfirmedFile {
  rowCount: number;
}

/** The advanced processing answer, and the choice it was made for. */
export type ProcessedFile = AdvancedProcessingResultDto & {
  headerRow: boolean;
  ticketCountCol: number | null;
  entrantUniqueIdCol: number | null;
};

/** The draw as the wizard holds it (part 1 §3) and the wizard state the rules need. */
export interface RuleDraw {
  name: string;
  organisation: string;
  entryMethod: EntryMethod | null;
  entryCount: number;
  demoDraw: boolean;
  /** null until the visitor has said. */
  headerRow: boolean | null;
  hasTicketCount: boolean;
  ticketCountCol: number | null;
  oneWinPerEntrant: boolean;
  entrantUniqueIdCol: number | null;
  scheduleOption: 0 | 1;
  /** ISO 8601 instant, or null. */
  scheduleDate: string | null;
  prizes: WizardPrize[];
  uploaded: boolean;
  confirmDetails: ConfirmedFile | null;
  processed: ProcessedFile | null;
  paymentOption: PaymentOption | null;
}

export interface RuleContext {
  winnersLimit: number;
  now: Date;
  loggedIn: boolean;
}

export type StepErrors = Record<string, string>;

export interface StepVisibility {
  demoDraw: boolean;
  /** Screen-share mode is on: private data (the account, payment) stays off the screen. */
  hidesPrivateData: boolean;
  loggedIn: boolean;
}

/**
 * Part 1 §4: the account step is skipped for a demo draw and when screen-share hides private data (and, having
 * nothing to ask, when someone is logged in); the purchase step is skipped when screen-share hides private data and
 * for a demo draw, which costs nothing.
 */
function isStepShown(step: WizardStep, visibility: StepVisibility): boolean {
  if (step === 'account') return !visibility.demoDraw && !visibility.hidesPrivateData && !visibility.loggedIn;
  if (step === 'purchase') return !visibility.demoDraw && !visibility.hidesPrivateData;
  return true;
}

export function shownSteps(visibility: StepVisibility): WizardStep[] {
  return WIZARD_STEPS.filter((step) => isStepShown(step, visibility));
}

/** The nearest later shown step, or null on the last. */
export function nextStep(current: WizardStep, visibility: StepVisibility): WizardStep | null {
  const index = WIZARD_STEPS.indexOf(current);
  return WIZARD_STEPS.slice(index + 1).find((step) => isStepShown(step, visibility)) ?? null;
}

/** Part 1 §4 "Going back moves to the nearest earlier displayed step". */
export function previousStep(current: WizardStep, visibility: StepVisibility): WizardStep | null {
  const index = WIZARD_STEPS.indexOf(current);
  return (
    WIZARD_STEPS.slice(0, index)
      .reverse()
      .find((step) => isStepShown(step, visibility)) ?? null
  );
}

/** A step the wizard is on may become hidden (the visitor logged in, switched demo on): the nearest shown one. */
export function shownStepAtOrBefore(current: WizardStep, visibility: StepVisibility): WizardStep {
  return isStepShown(current, visibility) ? current : (previousStep(current, visibility) ?? 'name');
}

/** How many entries the prizes are drawn from: entrants for one win per entrant, else entries (tickets). */
export function drawableEntries(draw: RuleDraw): number | null {
  if (draw.entryMethod === 'simple') return draw.entryCount;
  if (draw.entryMethod === 'upload') {
    if (!draw.confirmDetails || draw.headerRow === null) return null;
    return Math.max(0, draw.confirmDetails.rowCount - (draw.headerRow ? 1 : 0));
  }
  if (draw.entryMethod === 'uploadAdvanced') {
    if (!draw.processed || draw.processed.errorMessage) return null;
    return draw.oneWinPerEntrant ? draw.processed.entrantCount : draw.processed.entryCount;
  }
  return null;
}

function nameErrors(draw: RuleDraw): StepErrors {
  const errors: StepErrors = {};
  if (!draw.name.trim()) errors.name = DRAW_MESSAGES.nameRequired;
  if (!draw.organisation.trim()) errors.organisation = DRAW_MESSAGES.organisationRequired;
  return errors;
}

function entryMethodErrors(draw: RuleDraw): StepErrors {
  return draw.entryMethod === 'simple' || draw.entryMethod === 'upload' || draw.entryMethod === 'uploadAdvanced' ? {} : { entryMethod: DRAW_MESSAGES.entryMethod };
}

function uploadErrors(draw: RuleDraw): StepErrors {
  if (!draw.uploaded) return { file: DRAW_MESSAGES.fileRequired };
  if (!draw.confirmDetails) return { file: DRAW_MESSAGES.detailsNotConfirmed };
  if (draw.headerRow === null) return { headerRow: DRAW_MESSAGES.headerRow };
  return {};
}

/** The rows rule of an upload: more than 1 row without a header row, more than 2 with one. */
function rowCountErrors(draw: RuleDraw, confirmed: ConfirmedFile): StepErrors {
  if (draw.headerRow && confirmed.rowCount <= 2) return { headerRow: DRAW_MESSAGES.uploadRowsWithHeader };
  if (!draw.headerRow && confirmed.rowCount <= 1) return { headerRow: DRAW_MESSAGES.uploadRowsWithoutHeader };
  return {};
}

/** The column choices of an advanced upload (part 1 §5). */
export function columnErrors(draw: Pick<RuleDraw, 'hasTicketCount' | 'ticketCountCol' | 'oneWinPerEntrant' | 'entrantUniqueIdCol'>): StepErrors {
  if (draw.hasTicketCount && draw.ticketCountCol === null) return { ticketCountCol: DRAW_MESSAGES.ticketColumnNeeded };
  if (draw.oneWinPerEntrant && !draw.hasTicketCount && draw.entrantUniqueIdCol === null) return { entrantUniqueIdCol: DRAW_MESSAGES.oneWinNeedsColumn };
  return {};
}

/** Whether the processing answer held is the one for the choice now made. */
export function processedForChoice(draw: RuleDraw): boolean {
  const p = draw.processed;
  if (!p) return false;
  return p.headerRow === draw.headerRow && p.ticketCountCol === (draw.hasTicketCount ? draw.ticketCountCol : null) && p.entrantUniqueIdCol === (draw.oneWinPerEntrant ? draw.entrantUniqueIdCol : null);
}

/** Advanced uploads without any column chosen are drawn like plain uploads: nothing to process. */
export function needsProcessing(draw: Pick<RuleDraw, 'hasTicketCount' | 'oneWinPerEntrant'>): boolean {
  return draw.hasTicketCount || draw.oneWinPerEntrant;
}

function entriesErrors(draw: RuleDraw, context: RuleContext): StepErrors {
  if (draw.entryMethod === 'simple') {
    const problem = entryCountProblem(draw.entryCount, draw.demoDraw, context.winnersLimit);
    return problem ? { entryCount: problem } : {};
  }
  const upload = uploadErrors(draw);
  if (Object.keys(upload).length || !draw.confirmDetails) return upload;
  const rows = rowCountErrors(draw, draw.confirmDetails);
  if (Object.keys(rows).length) return rows;
  if (draw.demoDraw && draw.confirmDetails.rowCount - (draw.headerRow ? 1 : 0) > DEMO_MAX_ENTRIES) {
    return { file: DRAW_MESSAGES.entryCountTooLarge(DEMO_MAX_ENTRIES) };
  }
  if (draw.entryMethod !== 'uploadAdvanced') return {};
  const columns = columnErrors(draw);
  if (Object.keys(columns).length) return columns;
  if (!needsProcessing(draw)) return {};
  if (!processedForChoice(draw)) return { process: DRAW_MESSAGES.notProcessed };
  if (draw.processed?.errorMessage) return { process: draw.processed.errorMessage };
  return {};
}

/** Part 1 §5 prizes, against the entries the draw has (null while unknown: only the prizes' own rules apply). */
export function prizeErrors(prizes: WizardPrize[], entries: number | null, demo: boolean, winnersLimit: number): StepErrors {
  return sharedPrizeErrors(prizes, entries, demo, winnersLimit);
}

/** Blank descriptions become 'Prize N' (N its place in the list), as the server stores them. */
export function refillDescriptions(prizes: WizardPrize[]): WizardPrize[] {
  return prizes.map((prize, index) => (prize.description.trim() ? prize : { ...prize, description: `Prize ${index + 1}` }));
}

/** Adds `count` prizes (1 to 99 at once), each one winner and no reserves, described 'Prize N'. */
export function withAddedPrizes(prizes: WizardPrize[], count: number): WizardPrize[] {
  const adding = Math.min(MAX_PRIZES_ADDED_AT_ONCE, Math.max(1, Math.floor(count)));
  const added = Array.from({ length: adding }, (_, i) => ({ description: `Prize ${prizes.length + i + 1}`, quantity: 1, reserves: 0 }));
  return [...prizes, ...added];
}

export function scheduleErrors(draw: Pick<RuleDraw, 'scheduleOption' | 'scheduleDate' | 'demoDraw'>, context: Pick<RuleContext, 'now' | 'loggedIn'>): StepErrors {
  if (draw.scheduleOption === 0) return {};
  const at = draw.scheduleDate ? new Date(draw.scheduleDate) : null;
  if (!at || Number.isNaN(at.getTime())) return { scheduleDate: DRAW_MESSAGES.scheduleRequired };
  return sharedScheduleErrors(at, context.now, draw.demoDraw, context.loggedIn);
}

/**
 * What keeps the visitor on a step: empty when they may continue. Account, purchase and confirmation always allow
 * progress by this rule (part 1 §4); their own forms check what they send.
 */
export function stepErrors(step: WizardStep, draw: RuleDraw, context: RuleContext): StepErrors {
  switch (step) {
    case 'name':
      return nameErrors(draw);
    case 'entrymethod':
      return entryMethodErrors(draw);
    case 'entries':
      return entriesErrors(draw, context);
    case 'prizes':
      return prizeErrors(draw.prizes, drawableEntries(draw), draw.demoDraw, context.winnersLimit);
    case 'time':
      return scheduleErrors(draw, context);
    default:
      return {};
  }
}

/**
 * Part 1 §9: the default scheduled time is 2 hours ahead on the hour (the next whole hour at least 2 hours away);
 * a demo's is 15 minutes ahead (to the minute, so the picker shows a round time still within the window).
 */
export function defaultScheduleDate(now: Date, demo: boolean): Date {
  if (demo) {
    const at = new Date(now.getTime() + DEMO_SCHEDULE_WINDOW_MS);
    at.setSeconds(0, 0);
    return at;
  }
  const at = new Date(now.getTime() + 2 * 60 * 60 * 1000);
  if (at.getMinutes() !== 0 || at.getSeconds() !== 0 || at.getMilliseconds() !== 0) at.setHours(at.getHours() + 1, 0, 0, 0);
  return at;
}

/** Part 1 §9: the date picker's years run from the current year to two years ahead. */
export function scheduleYearRange(now: Date): { min: Date; max: Date } {
  return { min: new Date(now.getFullYear(), 0, 1, 0, 0, 0), max: new Date(now.getFullYear() + 2, 11, 31, 23, 59, 59) };
}

/** A local date-time as `datetime-local` inputs write it (seconds included, so a draw can be seconds ahead). */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A `datetime-local` value read in the visitor's time zone, or null when blank or malformed. */
export function fromLocalInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The step page views of part 1 §2 "Marketing behaviour": details (the name step), schedule (the time step), then
 * demo, prepaid or payment for the step where the draw is paid for (purchase, or confirmation when there is no
 * purchase step). Other steps are not reported.
 */
export function stepPageView(step: WizardStep, draw: Pick<RuleDraw, 'demoDraw' | 'paymentOption'>, visibility: StepVisibility): string | null {
  if (step === 'name') return 'details';
  if (step === 'time') return 'schedule';
  const paymentStep = isStepShown('purchase', visibility) ? 'purchase' : 'confirmation';
  if (step !== paymentStep) return null;
  if (draw.demoDraw) return 'demo';
  return draw.paymentOption === PAYMENT_USE_CREDITS ? 'prepaid' : 'payment';
}

/** Whether anything the visitor typed or chose would be lost by starting again (the demo toggle asks first). */
export function hasProgress(draw: RuleDraw, step: WizardStep): boolean {
  return step !== 'name' || draw.entryMethod !== null || draw.uploaded || draw.entryCount > 0;
}

/** The submit message that ends the wizard (part 1 §4, §8). */
export function isDrawError(message: string | null | undefined): boolean {
  return typeof message === 'string' && message.includes('Draw error');
}

/**
 * Where a step reached through the browser's history (Forward, a reload) may land: the target, or the first step
 * before it that the visitor has not (or no longer) passed, since history skips Continue and its rules. `passed` says
 * whether a step that does its work on Continue (the account form, the payment) is done in this page's life.
 */
export function reachableStep(target: WizardStep, draw: RuleDraw, context: RuleContext, visibility: StepVisibility, passed: (step: WizardStep) => boolean): WizardStep {
  const shown = shownSteps(visibility);
  const goal = shownStepAtOrBefore(target, visibility);
  for (const step of shown.slice(0, shown.indexOf(goal))) {
    if (Object.keys(stepErrors(step, draw, context)).length || !passed(step)) return step;
  }
  return goal;
}
