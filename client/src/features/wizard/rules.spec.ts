import { DRAW_MESSAGES } from '../../../../libs/rules/src/index';
import {
  defaultScheduleDate,
  drawableEntries,
  fromLocalInputValue,
  hasProgress,
  isDrawError,
  nextStep,
  previousStep,
  prizeErrors,
  reachableStep,
  refillDescriptions,
  type RuleDraw,
  scheduleErrors,
  scheduleYearRange,
  shownSteps,
  stepErrors,
  stepPageView,
  toLocalInputValue,
  withAddedPrizes,
} from './rules';

const visitor = { demoDraw: false, hidesPrivateData: false, loggedIn: false };
const now = new Date(2026, 5, 10, 10, 20, 30);
const context = { winnersLimit: 1_000_000, now, loggedIn: false };

function draw(overrides: Partial<RuleDraw> = {}): RuleDraw {
  return {
    name: 'Summer',
    organisation: 'Acme',
    entryMethod: 'simple',
    entryCount: 100,
    demoDraw: false,
    headerRow: null,
    hasTicketCount: false,
    ticketCountCol: null,
    oneWinPerEntrant: false,
    entrantUniqueIdCol: null,
    scheduleOption: 0,
    scheduleDate: null,
    prizes: [{ description: 'Car', quantity: 1, reserves: 0 }],
    uploaded: false,
    confirmDetails: null,
    processed: null,
    paymentOption: null,
    ...overrides,
  };
}

const processed = { headerRow: true, ticketCountCol: 1, entrantUniqueIdCol: null, entryRowCount: 5, entrantCount: 5, entryCount: 12, emptyRowCount: 0, warningMessages: [], errorMessage: null };

describe('wizard steps', () => {
  it('lets history reach a step only past steps whose rules hold and whose Continue work is done (issue 27)', () => {
    const all = () => true;
    expect(reachableStep('time', draw(), context, visitor, all)).toBe('time');
    // A name cleared after the visitor had gone on: Forward stops where the rule fails.
    expect(reachableStep('time', draw({ name: '' }), context, visitor, all)).toBe('name');
    // The account form is done by Continue only; so is a card payment.
    expect(reachableStep('confirmation', draw(), context, visitor, (step) => step !== 'account')).toBe('account');
    expect(reachableStep('confirmation', draw(), context, { ...visitor, loggedIn: true }, (step) => step !== 'purchase')).toBe('purchase');
    expect(reachableStep('confirmation', draw(), context, { ...visitor, loggedIn: true }, all)).toBe('confirmation');
    // A hidden target (a demo has no purchase step) lands on the nearest shown one before it.
    expect(reachableStep('purchase', draw({ demoDraw: true }), context, { ...visitor, demoDraw: true }, all)).toBe('time');
  });

  it('skips the account step for demo draws, screen sharing and logged-in users, and purchase for demo and screen sharing', () => {
    expect(shownSteps(visitor)).toEqual(['name', 'entrymethod', 'entries', 'prizes', 'time', 'account', 'purchase', 'confirmation']);
    expect(shownSteps({ ...visitor, demoDraw: true })).toEqual(['name', 'entrymethod', 'entries', 'prizes', 'time', 'confirmation']);
    expect(shownSteps({ ...visitor, hidesPrivateData: true })).toEqual(['name', 'entrymethod', 'entries', 'prizes', 'time', 'confirmation']);
    expect(shownSteps({ ...visitor, loggedIn: true })).toEqual(['name', 'entrymethod', 'entries', 'prizes', 'time', 'purchase', 'confirmation']);
  });

  it('moves forward and back to the nearest displayed step', () => {
    expect(nextStep('time', { ...visitor, demoDraw: true })).toBe('confirmation');
    expect(previousStep('confirmation', { ...visitor, demoDraw: true })).toBe('time');
    expect(previousStep('purchase', { ...visitor, loggedIn: true })).toBe('time');
    expect(previousStep('name', visitor)).toBeNull();
    expect(nextStep('confirmation', visitor)).toBeNull();
  });

  it('reports details, schedule and demo / prepaid / payment page views', () => {
    expect(stepPageView('name', draw(), visitor)).toBe('details');
    expect(stepPageView('time', draw(), visitor)).toBe('schedule');
    expect(stepPageView('entries', draw(), visitor)).toBeNull();
    expect(stepPageView('confirmation', draw({ demoDraw: true }), { ...visitor, demoDraw: true })).toBe('demo');
    expect(stepPageView('purchase', draw({ paymentOption: 2 }), visitor)).toBe('prepaid');
    expect(stepPageView('purchase', draw({ paymentOption: 0 }), visitor)).toBe('payment');
    expect(stepPageView('confirmation', draw({ paymentOption: 0 }), visitor)).toBeNull();
  });

  it('counts progress for the demo toggle confirmation', () => {
    expect(hasProgress(draw({ entryMethod: null, entryCount: 0 }), 'name')).toBe(false);
    expect(hasProgress(draw({ entryMethod: null, entryCount: 0 }), 'entrymethod')).toBe(true);
  });

  it('recognises the draw error submit message', () => {
    expect(isDrawError('Draw error: the entries file is gone')).toBe(true);
    expect(isDrawError(DRAW_MESSAGES.submitFallback)).toBe(false);
  });
});

describe('step rules', () => {
  it('name: both fields required', () => {
    expect(stepErrors('name', draw({ name: ' ', organisation: '' }), context)).toEqual({
      name: DRAW_MESSAGES.nameRequired,
      organisation: DRAW_MESSAGES.organisationRequired,
    });
    expect(stepErrors('name', draw(), context)).toEqual({});
  });

  it('entrymethod: one of the three', () => {
    expect(stepErrors('entrymethod', draw({ entryMethod: null }), context)).toEqual({ entryMethod: DRAW_MESSAGES.entryMethod });
    expect(stepErrors('entrymethod', draw({ entryMethod: 'uploadAdvanced' }), context)).toEqual({});
  });

  it('entries, simple: more than 1, at most the winners limit, demo at most 1,000', () => {
    expect(stepErrors('entries', draw({ entryCount: 1 }), context)).toEqual({ entryCount: DRAW_MESSAGES.entryCountTooSmall });
    expect(stepErrors('entries', draw({ entryCount: 2 }), context)).toEqual({});
    expect(stepErrors('entries', draw({ entryCount: 1_000_001 }), context)).toEqual({ entryCount: 'The number of entries can be at most 1,000,000.' });
    expect(stepErrors('entries', draw({ entryCount: 1_001, demoDraw: true }), context)).toEqual({ entryCount: 'The number of entries can be at most 1,000.' });
  });

  it('entries, upload: a file, its details, the header row choice and the row counts', () => {
    const upload = { entryMethod: 'upload' as const };
    expect(stepErrors('entries', draw(upload), context)).toEqual({ file: DRAW_MESSAGES.fileRequired });
    expect(stepErrors('entries', draw({ ...upload, uploaded: true }), context)).toEqual({ file: DRAW_MESSAGES.detailsNotConfirmed });
    expect(stepErrors('entries', draw({ ...upload, uploaded: true, confirmDetails: { rowCount: 3 } }), context)).toEqual({ headerRow: DRAW_MESSAGES.headerRow });
    expect(stepErrors('entries', draw({ ...upload, uploaded: true, confirmDetails: { rowCount: 2 }, headerRow: true }), context)).toEqual({ headerRow: DRAW_MESSAGES.uploadRowsWithHeader });
    expect(stepErrors('entries', draw({ ...upload, uploaded: true, confirmDetails: { rowCount: 3 }, headerRow: true }), context)).toEqual({});
    expect(stepErrors('entries', draw({ ...upload, uploaded: true, confirmDetails: { rowCount: 1 }, headerRow: false }), context)).toEqual({ headerRow: DRAW_MESSAGES.uploadRowsWithoutHeader });
    expect(stepErrors('entries', draw({ ...upload, uploaded: true, confirmDetails: { rowCount: 2 }, headerRow: false }), context)).toEqual({});
  });

  it('entries, uploadAdvanced: the ticket column, one win per entrant and a processing for the choice', () => {
    const base = { entryMethod: 'uploadAdvanced' as const, uploaded: true, confirmDetails: { rowCount: 6 }, headerRow: true };
    expect(stepErrors('entries', draw({ ...base, hasTicketCount: true }), context)).toEqual({ ticketCountCol: DRAW_MESSAGES.ticketColumnNeeded });
    expect(stepErrors('entries', draw({ ...base, oneWinPerEntrant: true }), context)).toEqual({ entrantUniqueIdCol: DRAW_MESSAGES.oneWinNeedsColumn });
    expect(stepErrors('entries', draw({ ...base, hasTicketCount: true, ticketCountCol: 1 }), context)).toEqual({ process: DRAW_MESSAGES.notProcessed });
    expect(stepErrors('entries', draw({ ...base, hasTicketCount: true, ticketCountCol: 1, processed }), context)).toEqual({});
    expect(stepErrors('entries', draw({ ...base, hasTicketCount: true, ticketCountCol: 1, processed: { ...processed, errorMessage: 'Row 3: bad count.' } }), context)).toEqual({
      process: 'Row 3: bad count.',
    });
    // A different choice than the one processed must be processed again.
    expect(stepErrors('entries', draw({ ...base, hasTicketCount: true, ticketCountCol: 2, processed }), context)).toEqual({ process: DRAW_MESSAGES.notProcessed });
    // With a ticket count column, one win per entrant needs no id column.
    expect(stepErrors('entries', draw({ ...base, hasTicketCount: true, ticketCountCol: 1, oneWinPerEntrant: true, processed }), context)).toEqual({});
  });

  it('prizes: at least one, demo at most 10, whole numbers, against entries and the winners limit', () => {
    const prize = { description: '', quantity: 1, reserves: 0 };
    expect(prizeErrors([], 10, false, 100)).toEqual({ prizes: DRAW_MESSAGES.noPrizes });
    expect(prizeErrors(Array(11).fill(prize), 100, true, 100)).toEqual({ prizes: DRAW_MESSAGES.demoPrizes });
    expect(prizeErrors(Array(11).fill(prize), 100, false, 100)).toEqual({});
    expect(
      prizeErrors(
        [
          { ...prize, quantity: 0 },
          { ...prize, reserves: 1.5 },
        ],
        10,
        false,
        100,
      ),
    ).toEqual({
      'prizes.0.quantity': DRAW_MESSAGES.quantity,
      'prizes.1.reserves': DRAW_MESSAGES.reserves,
    });
    expect(prizeErrors([{ ...prize, quantity: 11 }], 10, false, 100)).toEqual({ prizes: DRAW_MESSAGES.prizesExceedEntries });
    expect(prizeErrors([{ ...prize, quantity: 5, reserves: 6 }], 10, false, 100)).toEqual({ prizes: DRAW_MESSAGES.prizesAndReservesExceedEntries });
    expect(prizeErrors([{ ...prize, quantity: 60, reserves: 41 }], 1000, false, 100)).toEqual({ prizes: 'A draw can have at most 100 prizes and reserves.' });
  });

  it('prizes: drawn from entrants with one win per entrant, from tickets otherwise', () => {
    const base = { entryMethod: 'uploadAdvanced' as const, uploaded: true, confirmDetails: { rowCount: 6 }, headerRow: true, hasTicketCount: true, ticketCountCol: 1 };
    expect(drawableEntries(draw({ ...base, processed }))).toBe(12);
    expect(drawableEntries(draw({ ...base, oneWinPerEntrant: true, processed }))).toBe(5);
    expect(drawableEntries(draw({ entryMethod: 'upload', confirmDetails: { rowCount: 6 }, headerRow: true }))).toBe(5);
  });

  it('adds up to 99 prizes at once and refills blank descriptions', () => {
    expect(withAddedPrizes([], 150)).toHaveLength(99);
    expect(withAddedPrizes([{ description: 'Car', quantity: 1, reserves: 0 }], 2).map((p) => p.description)).toEqual(['Car', 'Prize 2', 'Prize 3']);
    expect(
      refillDescriptions([
        { description: ' ', quantity: 1, reserves: 0 },
        { description: 'TV', quantity: 1, reserves: 0 },
      ]).map((p) => p.description),
    ).toEqual(['Prize 1', 'TV']);
  });

  it('time: now, or a future time; demo within 15 minutes; scheduling needs an account', () => {
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    expect(scheduleErrors({ scheduleOption: 0, scheduleDate: null, demoDraw: false }, context)).toEqual({});
    expect(scheduleErrors({ scheduleOption: 1, scheduleDate: null, demoDraw: false }, context)).toEqual({ scheduleDate: DRAW_MESSAGES.scheduleRequired });
    expect(scheduleErrors({ scheduleOption: 1, scheduleDate: at(-1), demoDraw: true }, context)).toEqual({ scheduleDate: DRAW_MESSAGES.scheduleInPast });
    expect(scheduleErrors({ scheduleOption: 1, scheduleDate: at(16), demoDraw: true }, context)).toEqual({ scheduleDate: DRAW_MESSAGES.demoSchedule });
    expect(scheduleErrors({ scheduleOption: 1, scheduleDate: at(14), demoDraw: true }, context)).toEqual({});
    expect(scheduleErrors({ scheduleOption: 1, scheduleDate: at(60), demoDraw: false }, context)).toEqual({ scheduleDate: 'Scheduling a draw requires you to have an account.' });
    expect(scheduleErrors({ scheduleOption: 1, scheduleDate: at(60), demoDraw: false }, { ...context, loggedIn: true })).toEqual({});
  });
});

describe('default schedule times and the picker', () => {
  it('is 2 hours ahead on the hour, or 15 minutes ahead for a demo', () => {
    expect(defaultScheduleDate(new Date(2026, 5, 10, 10, 20, 30), false)).toEqual(new Date(2026, 5, 10, 13, 0, 0));
    expect(defaultScheduleDate(new Date(2026, 5, 10, 10, 0, 0), false)).toEqual(new Date(2026, 5, 10, 12, 0, 0));
    expect(defaultScheduleDate(new Date(2026, 5, 10, 23, 5, 0), false)).toEqual(new Date(2026, 5, 11, 2, 0, 0));
    expect(defaultScheduleDate(new Date(2026, 5, 10, 10, 20, 30), true)).toEqual(new Date(2026, 5, 10, 10, 35, 0));
  });

  it('offers the current year to two years ahead', () => {
    const { min, max } = scheduleYearRange(now);
    expect(toLocalInputValue(min)).toBe('2026-01-01T00:00:00');
    expect(toLocalInputValue(max)).toBe('2028-12-31T23:59:59');
  });

  it('reads and writes datetime-local values in local time', () => {
    expect(fromLocalInputValue('2026-06-10T10:20')).toEqual(new Date(2026, 5, 10, 10, 20, 0));
    expect(fromLocalInputValue(toLocalInputValue(now))).toEqual(now);
    expect(fromLocalInputValue('')).toBeNull();
  });
});
