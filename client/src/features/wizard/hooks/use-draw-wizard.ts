import { useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';
import { selectSessionLoaded, selectUser } from '../../../lib/session/session-slice';
import { selectScreenShare } from '../../../lib/site/site-slice';
import { useSiteConfiguration, useSiteCurrency } from '../../../lib/site/use-site-currency';
import { useAnalytics } from '../../../shared/analytics/analytics-context';
import type { AccountOutcome } from '../components/account-step';
import type { PaymentDetails } from '../components/purchase-step';
import { hasProgress, nextStep, PAYMENT_USE_CREDITS, previousStep, shownStepAtOrBefore, shownSteps, stepErrors, stepPageView, type StepVisibility, type WizardStep } from '../rules';
import { initialWizardState, type WizardState, wizardActions, wizardReducer } from '../wizard-slice';
import { useWizardDraft } from './use-wizard-draft';
import { useWizardHistory } from './use-wizard-history';
import { useWizardSubmission } from './use-wizard-submission';

/** The winners limit before the site configuration has arrived: the spec's default (part 1 §9). */
const DEFAULT_WINNERS_LIMIT = 1_000_000;

/**
 * The draw wizard's orchestration (part 1 §4): the state, the shown steps and the moves between them, history and the
 * tab's kept state, drafts and the submission. The wizard's component only shows what this returns.
 */
export function useDrawWizard() {
  const [searchParams] = useSearchParams();
  const analytics = useAnalytics();
  const user = useAppSelector(selectUser);
  const sessionLoaded = useAppSelector(selectSessionLoaded);
  const screenShare = useAppSelector(selectScreenShare);
  const { update: updateScreenShare } = useScreenShare();
  const { data: site } = useSiteConfiguration();
  const { currency } = useSiteCurrency();

  const [draw, dispatch] = useReducer(wizardReducer, undefined, () =>
    initialWizardState({
      name: searchParams.get('name') ?? undefined,
      organisation: searchParams.get('organisation') ?? undefined,
      demo: searchParams.has('demo') && searchParams.get('demo') !== 'false',
    }),
  );
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmDemo, setConfirmDemo] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentDetails | null>(null);
  const [account, setAccount] = useState<AccountOutcome | null>(null);
  const beforeContinue = useRef<(() => Promise<boolean>) | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const movedRef = useRef(false);
  const finishedRef = useRef(false);

  const visibility: StepVisibility = { demoDraw: draw.demoDraw, hidesPrivateData: screenShare.enabled, loggedIn: user !== null };
  const steps = shownSteps(visibility);
  const step = shownStepAtOrBefore(draw.step, visibility);
  const winnersLimit = site?.winnersLimit ?? DEFAULT_WINNERS_LIMIT;
  const context = { winnersLimit, now: new Date(), loggedIn: user !== null };
  const errors = attempted ? stepErrors(step, draw, context) : {};
  const resumeId = searchParams.get('resume');

  // The steps done on Continue (signing up, paying) are passed only by Continue, never through history; a card payment
  // lasts the page's life (its details are never kept).
  const passedIn = (state: WizardState) => (target: WizardStep) =>
    target === 'account' ? false : target === 'purchase' ? state.paymentOption === PAYMENT_USE_CREDITS || state.demoDraw || payment !== null : true;

  const markHistory = useWizardHistory({
    draw,
    dispatch,
    sessionLoaded,
    resumeId,
    context,
    visibility,
    passedIn,
    movedRef,
    finishedRef,
    onLanded: (asked) => {
      setAttempted(!asked);
      setMessage(null);
    },
  });

  // Part 1 §4: screen-share mode is switched off for demos.
  useEffect(() => {
    if (draw.demoDraw && screenShare.enabled) updateScreenShare({ enabled: false });
  }, [draw.demoDraw, screenShare.enabled]);

  // A step that became hidden (the visitor logged in, switched demo on) is left for the nearest shown one.
  useEffect(() => {
    if (step !== draw.step) dispatch(wizardActions.stepChanged(step));
  }, [step, draw.step]);

  const { draftNotice, saving, onSaveDraft } = useWizardDraft({ draw, step, dispatch, resumeId, finishedRef, setMessage });

  // Keyboard and screen-reader users land on the new step's heading.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  const { overlay, submitDisabled, onSubmit } = useWizardSubmission({
    draw,
    remainingCredits: user?.remainingCredits,
    site,
    currency,
    payment,
    account,
    finishedRef,
    busy,
    setBusy,
    setMessage,
  });

  const reportView = (target: WizardStep, suffix = '') => {
    const view = stepPageView(target, draw, visibility);
    if (view) analytics.pageView(`/${view}${suffix}`, `Draw wizard: ${view}${suffix}`);
  };

  const goTo = (target: WizardStep, how: 'continue' | 'back') => {
    reportView(step, `-${how}`);
    movedRef.current = true;
    setAttempted(false);
    setMessage(null);
    // The step shows at once (a second click acts on it); its history entry follows within the router's navigation.
    dispatch(wizardActions.stepChanged(target));
    markHistory(target, false);
    reportView(target);
  };

  const focusFirstInvalid = () => window.requestAnimationFrame(() => bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());

  const onContinue = async () => {
    if (busy) return;
    const problems = stepErrors(step, draw, context);
    if (Object.keys(problems).length) {
      setAttempted(true);
      focusFirstInvalid();
      return;
    }
    if (beforeContinue.current) {
      setBusy(true);
      const ok = await beforeContinue.current().finally(() => setBusy(false));
      if (!ok) {
        focusFirstInvalid();
        return;
      }
    }
    if (step === 'prizes') dispatch(wizardActions.prizesRefilled());
    const target = nextStep(step, visibility);
    if (target) goTo(target, 'continue');
  };

  const onBack = () => {
    const target = previousStep(step, visibility);
    if (target) goTo(target, 'back');
  };

  const toggleDemo = (demo: boolean) => {
    if (hasProgress(draw, step)) setConfirmDemo(demo);
    else dispatch(wizardActions.demoToggled(demo));
  };

  /** The visitor confirmed the switch between a demo and a real draw: it starts again (a card payment too). */
  const onConfirmDemo = () => {
    if (confirmDemo !== null) dispatch(wizardActions.demoToggled(confirmDemo));
    setConfirmDemo(null);
    setPayment(null);
  };

  return {
    draw,
    dispatch,
    errors,
    user,
    site,
    currency,
    screenShare,
    steps,
    step,
    winnersLimit,
    busy,
    message,
    draftNotice,
    saving,
    overlay,
    submitDisabled,
    confirmDemo,
    setConfirmDemo,
    beforeContinue,
    headingRef,
    bodyRef,
    setPayment,
    setAccount,
    goTo,
    onContinue,
    onBack,
    toggleDemo,
    onConfirmDemo,
    onSaveDraft,
    onSubmit,
  };
}
