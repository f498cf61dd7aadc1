import type { UnknownAction } from '@reduxjs/toolkit';
import type { MutableRefObject } from 'react';
import type { StepErrors } from '../rules';
import type { WizardState } from '../wizard-slice';

/** What every step gets: the draw, the wizard's dispatch, the messages to show under its fields. */
export interface StepProps {
  draw: WizardState;
  dispatch: (action: UnknownAction) => void;
  errors: StepErrors;
}

/**
 * A step with work of its own before the wizard moves on (logging in, checking card details) sets this: the
 * wizard's Continue button awaits it and stays on the step when it answers false.
 */
export type BeforeContinue = MutableRefObject<(() => Promise<boolean>) | null>;
