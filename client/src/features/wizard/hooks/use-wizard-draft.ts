import type { UnknownAction } from '@reduxjs/toolkit';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLazyGetIncompleteDrawQuery, useSaveIncompleteDrawMutation } from '../../../api/wizard-api';
import { clientSessionId } from '../../../lib/session/client-session';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { hasProgress, type WizardStep } from '../rules';
import { draftStateOf, savedStateOf, type WizardState, wizardActions } from '../wizard-slice';

interface WizardDraftOptions {
  draw: WizardState;
  step: WizardStep;
  dispatch: (action: UnknownAction) => void;
  /** ?resume=<id>: the saved draft to continue. */
  resumeId: string | null;
  /** The draw is made: leaving no longer asks. */
  finishedRef: RefObject<boolean>;
  setMessage: (message: string | null) => void;
}

/**
 * Drafts: "Save for later", the draft a ?resume=<id> link continues (its owner, or the browser tab that saved it), and
 * the question before leaving the page with progress that no draft holds.
 */
export function useWizardDraft({ draw, step, dispatch, resumeId, finishedRef, setMessage }: WizardDraftOptions) {
  const [draftNotice, setDraftNotice] = useState<string | null>(null);
  /** What the last "Save for later" saved: leaving the page with anything else asks first. */
  const savedDraftRef = useRef<string | null>(null);
  const [saveDraft, { isLoading: saving }] = useSaveIncompleteDrawMutation();
  const [getDraft] = useLazyGetIncompleteDrawQuery();

  // Leaving the page (closing the tab, another site) with progress that no draft holds asks first.
  const unsaved = hasProgress(draw, step) && savedDraftRef.current !== JSON.stringify(draftStateOf({ ...draw, step }));
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (finishedRef.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  useEffect(() => {
    if (!resumeId) return;
    let stale = false;
    getDraft({ id: resumeId, clientSession: clientSessionId() })
      .unwrap()
      .then((draft) => {
        if (!stale) dispatch(wizardActions.resumed({ id: draft.id, saved: savedStateOf(draft.wizardState) }));
      })
      .catch((error: unknown) => {
        if (!stale) setMessage(formErrorsOf(error, []).form);
      });
    return () => {
      stale = true;
    };
  }, [resumeId, getDraft]);

  const onSaveDraft = async () => {
    setDraftNotice(null);
    setMessage(null);
    try {
      const saved = await saveDraft({
        saveIncompleteDrawRequestDto: {
          id: draw.draftId ?? undefined,
          name: draw.name.trim() || undefined,
          organisation: draw.organisation.trim() || undefined,
          wizardState: draftStateOf({ ...draw, step }),
          clientSession: clientSessionId(),
        },
      }).unwrap();
      dispatch(wizardActions.draftSaved(saved.id));
      savedDraftRef.current = JSON.stringify(draftStateOf({ ...draw, step }));
      setDraftNotice(saved.id);
    } catch (error) {
      setMessage(formErrorsOf(error, []).form);
    }
  };

  return { draftNotice, saving, onSaveDraft };
}
