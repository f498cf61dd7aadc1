import { DRAW_MESSAGES } from '../../../../libs/rules/src/index';
import { PAYMENT_DEMO } from './rules';
import { PAYMENT_PROCESSING } from '../../lib/checkout/card-authentication';
import { settlesSubmission, submissionOf } from './submission';
import { draftStateOf, initialWizardState, savedStateOf, wizardActions, wizardReducer, type WizardState } from './wizard-slice';

const extras = { clientSession: 'tab-session-1', idempotencyKey: 'key-12345678', timeZone: 'Australia/Sydney', timeZoneOffset: -600 };

function run(state: WizardState, ...actions: Parameters<typeof wizardReducer>[1][]): WizardState {
  return actions.reduce(wizardReducer, state);
}

describe('wizard slice', () => {
  it('starts with one prize, prefilled name and organisation, and the demo payment for a demo', () => {
    const state = initialWizardState({ name: 'Spring', organisation: 'Acme', demo: true });
    expect(state).toMatchObject({ step: 'name', name: 'Spring', organisation: 'Acme', demoDraw: true, paymentOption: PAYMENT_DEMO });
    expect(state.prizes).toEqual([{ description: 'Prize 1', quantity: 1, reserves: 0 }]);
  });

  it('toggling demo starts again but keeps the name, organisation and draft', () => {
    const state = run(
      initialWizardState({ name: 'Spring', organisation: 'Acme' }),
      wizardActions.draftSaved('d1'),
      wizardActions.entryMethodChosen('simple'),
      wizardActions.fieldChanged({ field: 'entryCount', value: 50 }),
      wizardActions.stepChanged('prizes'),
      wizardActions.demoToggled(true),
    );
    expect(state).toMatchObject({ step: 'name', name: 'Spring', organisation: 'Acme', entryMethod: null, entryCount: 0, demoDraw: true, draftId: 'd1' });
  });

  it('sets the default schedule when scheduling is chosen', () => {
    const now = new Date(2026, 5, 10, 10, 20, 0);
    const state = run(initialWizardState(), wizardActions.scheduleOptionChosen({ option: 1, now: now.toISOString() }));
    expect(new Date(state.scheduleDate!)).toEqual(new Date(2026, 5, 10, 13, 0, 0));
  });

  it('a new upload forgets the previous file and what was read from it', () => {
    const state = run(
      initialWizardState(),
      wizardActions.entryMethodChosen('upload'),
      wizardActions.uploaded({ serverFileName: 'f1', headerFileName: 'a.csv', fileExtension: 'csv', archivedFileName: null, archivedFileExtension: null }),
      wizardActions.headerRowChosen(true),
      wizardActions.uploadStarted(),
    );
    expect(state).toMatchObject({ uploaded: false, upload: null, confirmDetails: null, headerRow: null });
  });

  it('saves and resumes a draft field by field', () => {
    const saved = draftStateOf({ ...initialWizardState({ name: 'Spring' }), step: 'entries', entryCount: 30, draftId: 'd1' });
    expect(saved).not.toHaveProperty('draftId');
    const resumed = run(initialWizardState(), wizardActions.resumed({ id: 'd2', saved: savedStateOf({ ...saved, entryCount: 'thirty', unknown: 1 }) }));
    expect(resumed).toMatchObject({ step: 'entries', name: 'Spring', entryCount: 0, draftId: 'd2' });
    expect(resumed).not.toHaveProperty('unknown');
  });
});

describe('the submitdraw payload', () => {
  it('sends a simple demo draw with refilled prize descriptions and the time zone', () => {
    const state = run(
      initialWizardState({ name: ' Spring ', organisation: 'Acme', demo: true }),
      wizardActions.entryMethodChosen('simple'),
      wizardActions.fieldChanged({ field: 'entryCount', value: 50 }),
      wizardActions.prizeChanged({ index: 0, prize: { description: ' ' } }),
    );
    expect(submissionOf(state, { ...extras, payment: { token: 'tok_visa' } })).toEqual({
      demoMode: true,
      name: 'Spring',
      organisation: 'Acme',
      entryMethod: 'simple',
      entriesCount: 50,
      prizes: [{ description: 'Prize 1', quantity: 1, reserves: 0 }],
      paymentOption: 4,
      scheduleOption: 0,
      scheduleTimezone: 'Australia/Sydney',
      timeZoneOffset: -600,
      clientSession: 'tab-session-1',
      idempotencyKey: 'key-12345678',
    });
  });

  it('sends an advanced upload with its columns, the payment, the schedule and the draft id', () => {
    const state: WizardState = {
      ...initialWizardState({ name: 'Spring', organisation: 'Acme' }),
      entryMethod: 'uploadAdvanced',
      uploaded: true,
      upload: { serverFileName: 'abc', headerFileName: 'e.csv', fileExtension: 'csv', archivedFileName: null, archivedFileExtension: null },
      headerRow: true,
      hasTicketCount: true,
      ticketCountCol: 2,
      oneWinPerEntrant: true,
      entrantUniqueIdCol: null,
      processed: { headerRow: true, ticketCountCol: 2, entrantUniqueIdCol: null, entryRowCount: 10, entrantCount: 10, entryCount: 25, emptyRowCount: 0, warningMessages: [], errorMessage: null },
      paymentOption: 1,
      scheduleOption: 1,
      scheduleDate: '2026-06-10T03:00:00.000Z',
      draftId: 'draft-1',
    };
    expect(submissionOf(state, { ...extras, currency: 'AUD', payment: { paymentID: 'PAY-1', payerID: 'TESTPAYER' } })).toMatchObject({
      demoMode: false,
      entryMethod: 'uploadAdvanced',
      fileName: 'abc',
      fileExtension: 'csv',
      headerRowsIncluded: true,
      entriesCount: 25,
      entrantCount: 10,
      entryCountColumn: 2,
      entrantUniqueIdColumn: null,
      oneWinPerEntrant: true,
      paymentOption: 1,
      paymentID: 'PAY-1',
      payerID: 'TESTPAYER',
      currency: 'AUD',
      scheduleOption: 1,
      scheduleDate: '2026-06-10T03:00:00.000Z',
      draftId: 'draft-1',
    });
  });
});

describe('when a submission is settled (its idempotency key renewed)', () => {
  it('after any definite answer but the one saying an earlier request is still paying; never after a lost one', () => {
    expect(settlesSubmission(200, undefined)).toBe(true);
    expect(settlesSubmission(400, 'Please enter the name of the draw.')).toBe(true);
    expect(settlesSubmission(409, 'You have no credits left. Please buy a pack of credits or pay for this draw.')).toBe(true);
    expect(settlesSubmission(409, DRAW_MESSAGES.submissionInProgress)).toBe(false);
    expect(settlesSubmission(409, PAYMENT_PROCESSING)).toBe(false);
    expect(settlesSubmission(500, DRAW_MESSAGES.submitFallback)).toBe(false);
    expect(settlesSubmission(undefined, DRAW_MESSAGES.submitFallback)).toBe(false);
  });
});
