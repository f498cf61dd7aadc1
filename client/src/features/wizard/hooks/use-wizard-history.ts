import type { UnknownAction } from '@reduxjs/toolkit';
import { type RefObject, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasProgress, reachableStep, type RuleContext, type StepVisibility, type WizardStep } from '../rules';
import { fromSessionState, initialWizardState, sessionStateOf, type WizardState, wizardActions } from '../wizard-slice';
import { clearWizardSession, loadWizardSession, saveWizardSession, type WizardHistoryState } from '../wizard-session';

interface WizardHistoryOptions {
  draw: WizardState;
  dispatch: (action: UnknownAction) => void;
  sessionLoaded: boolean;
  /** A draft being resumed (?resume=<id>): the tab's kept state is not brought back. */
  resumeId: string | null;
  context: RuleContext;
  visibility: StepVisibility;
  /** Whether a step done on Continue (signing up, paying) has been passed in this state. */
  passedIn: (state: WizardState) => (target: WizardStep) => boolean;
  /** The visitor has moved between steps (the heading takes the focus from then on). */
  movedRef: RefObject<boolean>;
  /** The draw is made: the tab keeps nothing more. */
  finishedRef: RefObject<boolean>;
  /** A move through history landed on a step: whether it is the one the entry named. */
  onLanded: (asked: boolean) => void;
}

/**
 * Part of issue 27: the state survives a reload in this tab, and each history entry says its step, so Back and Forward
 * move between steps. Returns how to record a step in the current history entry.
 */
export function useWizardHistory({ draw, dispatch, sessionLoaded, resumeId, context, visibility, passedIn, movedRef, finishedRef, onLanded }: WizardHistoryOptions) {
  const navigate = useNavigate();
  const location = useLocation();
  const historyState = (location.state ?? null) as WizardHistoryState | null;
  /** The tab's kept state has been read (or a draft resumed): from then on history moves the wizard. */
  const restoredRef = useRef(false);
  const visibilityOf = (state: WizardState): StepVisibility => ({ ...visibility, demoDraw: state.demoDraw });

  /**
   * Records the step in the current history entry (a reload or a later Back/Forward lands on it). In the same commit
   * as the step (flushSync): the router otherwise shows a new location in a transition, and a Back that came before
   * that transition ended was merged with it into the location already shown, whose key had not changed, so the
   * wizard stayed on the step that history had left.
   */
  const markHistory = (target: WizardStep | null, replace: boolean) => {
    const { wizardStep: _previous, ...rest } = (historyState ?? {}) as WizardHistoryState & Record<string, unknown>;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace, preventScrollReset: true, flushSync: true, state: target && target !== 'name' ? { ...rest, wizardStep: target } : rest },
    );
  };

  // Read once the session is known (the account step's visibility depends on it), after the hydration (the
  // prerendered page shows the first step). A step past one done on Continue (signing up, a card payment) lands on
  // that step instead.
  useEffect(() => {
    if (restoredRef.current || !sessionLoaded) return;
    restoredRef.current = true;
    // A draft being resumed, or a visitor who has already moved on: nothing kept to bring back.
    if (resumeId || movedRef.current) return;
    const kept = loadWizardSession();
    const wanted = historyState?.wizardStep as WizardStep | undefined;
    if (!kept) {
      if (wanted) markHistory(null, true);
      return;
    }
    const { saved, draftId } = fromSessionState(kept);
    const keptDraw: WizardState = { ...initialWizardState(), ...saved, draftId };
    const landing = reachableStep(wanted ?? keptDraw.step, keptDraw, context, visibilityOf(keptDraw), passedIn(keptDraw));
    dispatch(wizardActions.restored({ saved: { ...saved, step: landing }, draftId }));
    if (landing !== (wanted ?? 'name')) markHistory(landing, true);
  }, [sessionLoaded]);

  // Back and Forward move between the steps the history entries name (Continue and Back add and follow them).
  useEffect(() => {
    if (!restoredRef.current) return;
    const wanted = (historyState?.wizardStep as WizardStep | undefined) ?? 'name';
    if (wanted === draw.step) return;
    const landing = reachableStep(wanted, draw, context, visibility, passedIn(draw));
    movedRef.current = true;
    onLanded(landing === wanted);
    dispatch(wizardActions.stepChanged(landing));
    if (landing !== wanted) markHistory(landing, true);
  }, [location.key]);

  // The tab keeps the state while there is something to keep (and the app starts at once on a reload to show it).
  useEffect(() => {
    if (!restoredRef.current || finishedRef.current) return;
    if (hasProgress(draw, draw.step) || draw.name || draw.organisation) saveWizardSession(sessionStateOf(draw));
    else clearWizardSession();
  }, [draw]);

  return markHistory;
}
