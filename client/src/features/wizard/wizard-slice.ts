import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConfirmDrawDetailsResponseDto, UploadResultDto } from '../../api/wizard-api';
import {
  defaultScheduleDate,
  type EntryMethod,
  PAYMENT_DEMO,
  type PaymentOption,
  type ProcessedFile,
  type RuleDraw,
  refillDescriptions,
  type WizardPrize,
  type WizardStep,
  withAddedPrizes,
} from './rules';

/**
 * The draw as the wizard holds it (part 1 §3) with the wizard state (prizes, the upload, its confirmed details and
 * processing) and where the visitor is. A Redux Toolkit slice run by the wizard component's own `useReducer`: the
 * state belongs to one wizard on one page, and a saved draft is this state as JSON (getIncompleteDraw gives it back).
 */
export interface WizardState extends RuleDraw {
  step: WizardStep;
  upload: UploadResultDto | null;
  confirmDetails: ConfirmDrawDetailsResponseDto | null;
  /** The draft this wizard continues (saved or resumed), sent as draftId on submit. */
  draftId: string | null;
}

export function initialWizardState(prefill: { name?: string; organisation?: string; demo?: boolean } = {}): WizardState {
  const demoDraw = prefill.demo ?? false;
  return {
    step: 'name',
    name: prefill.name ?? '',
    organisation: prefill.organisation ?? '',
    entryMethod: null,
    entryCount: 0,
    demoDraw,
    headerRow: null,
    hasTicketCount: false,
    ticketCountCol: null,
    oneWinPerEntrant: false,
    entrantUniqueIdCol: null,
    scheduleOption: 0,
    scheduleDate: null,
    prizes: withAddedPrizes([], 1),
    uploaded: false,
    upload: null,
    confirmDetails: null,
    processed: null,
    paymentOption: demoDraw ? PAYMENT_DEMO : null,
    draftId: null,
  };
}

type Editable = Pick<WizardState, 'name' | 'organisation' | 'entryCount' | 'hasTicketCount' | 'ticketCountCol' | 'oneWinPerEntrant' | 'entrantUniqueIdCol' | 'scheduleDate'>;

const wizardSlice = createSlice({
  name: 'wizard',
  initialState: initialWizardState,
  reducers: {
    fieldChanged<K extends keyof Editable>(state: WizardState, action: PayloadAction<{ field: K; value: Editable[K] }>) {
      (state as Editable)[action.payload.field] = action.payload.value;
    },
    stepChanged(state, action: PayloadAction<WizardStep>) {
      state.step = action.payload;
    },
    entryMethodChosen(state, action: PayloadAction<EntryMethod>) {
      state.entryMethod = action.payload;
      // Processing answers one choice of columns; a new method starts the choice again.
      state.processed = null;
      if (action.payload !== 'uploadAdvanced') {
        state.hasTicketCount = false;
        state.oneWinPerEntrant = false;
        state.ticketCountCol = null;
        state.entrantUniqueIdCol = null;
      }
    },
    headerRowChosen(state, action: PayloadAction<boolean>) {
      state.headerRow = action.payload;
    },
    /** Starting a new upload forgets the previous file and everything read from it. */
    uploadStarted(state) {
      state.uploaded = false;
      state.upload = null;
      state.confirmDetails = null;
      state.processed = null;
      state.headerRow = null;
      state.ticketCountCol = null;
      state.entrantUniqueIdCol = null;
    },
    uploaded(state, action: PayloadAction<UploadResultDto>) {
      state.uploaded = true;
      state.upload = action.payload;
    },
    detailsConfirmed(state, action: PayloadAction<ConfirmDrawDetailsResponseDto>) {
      state.confirmDetails = action.payload;
    },
    processed(state, action: PayloadAction<ProcessedFile>) {
      state.processed = action.payload;
    },
    prizesAdded(state, action: PayloadAction<number>) {
      state.prizes = withAddedPrizes(state.prizes, action.payload);
    },
    prizeChanged(state, action: PayloadAction<{ index: number; prize: Partial<WizardPrize> }>) {
      const prize = state.prizes[action.payload.index];
      if (prize) Object.assign(prize, action.payload.prize);
    },
    prizeRemoved(state, action: PayloadAction<number>) {
      state.prizes.splice(action.payload, 1);
    },
    /** Leaving the prizes step: blank descriptions become 'Prize N'. */
    prizesRefilled(state) {
      state.prizes = refillDescriptions(state.prizes);
    },
    scheduleOptionChosen(state, action: PayloadAction<{ option: 0 | 1; now: string }>) {
      state.scheduleOption = action.payload.option;
      if (action.payload.option === 1 && !state.scheduleDate) state.scheduleDate = defaultScheduleDate(new Date(action.payload.now), state.demoDraw).toISOString();
    },
    paymentOptionChosen(state, action: PayloadAction<PaymentOption>) {
      state.paymentOption = action.payload;
    },
    /** The demo toggle starts the draw again (after the visitor confirmed it), keeping its name and organisation. */
    demoToggled(state, action: PayloadAction<boolean>) {
      return { ...initialWizardState({ name: state.name, organisation: state.organisation, demo: action.payload }), draftId: state.draftId };
    },
    draftSaved(state, action: PayloadAction<string>) {
      state.draftId = action.payload;
    },
    /** A resumed draft: its saved state, continuing where it was left, as the draft it is. */
    resumed(_state, action: PayloadAction<{ id: string; saved: Partial<WizardState> }>) {
      return { ...initialWizardState(), ...action.payload.saved, draftId: action.payload.id };
    },
    /** The state the browser tab kept (a reload, a return to the page), with the draft it continues if any. */
    restored(_state, action: PayloadAction<{ saved: Partial<WizardState>; draftId: string | null }>) {
      return { ...initialWizardState(), ...action.payload.saved, draftId: action.payload.draftId };
    },
  },
});

export const wizardActions = wizardSlice.actions;
export const wizardReducer = wizardSlice.reducer;

/** The state as a draft keeps it: the whole wizard state except the draft's own id. */
export function draftStateOf(state: WizardState): Record<string, unknown> {
  const { draftId: _draftId, ...saved } = state;
  return saved as unknown as Record<string, unknown>;
}

/** The state the browser tab keeps: the draft's state and the draft's id (card details are never part of it). */
export function sessionStateOf(state: WizardState): Record<string, unknown> {
  return { ...draftStateOf(state), draftId: state.draftId };
}

/** The tab's kept state back: the wizard state field by field and the draft id. */
export function fromSessionState(raw: Record<string, unknown>): { saved: Partial<WizardState>; draftId: string | null } {
  return { saved: savedStateOf(raw), draftId: typeof raw.draftId === 'string' ? raw.draftId : null };
}

/** A saved wizard state, accepted field by field: a draft saved by an older wizard may lack some. */
export function savedStateOf(raw: Record<string, unknown>): Partial<WizardState> {
  const initial = initialWizardState() as unknown as Record<string, unknown>;
  const saved: Record<string, unknown> = {};
  for (const key of Object.keys(initial)) {
    if (key === 'draftId' || !(key in raw)) continue;
    const value = raw[key];
    const expected = initial[key];
    if (expected === null || value === null || typeof value === typeof expected) saved[key] = value;
  }
  return saved as Partial<WizardState>;
}
