import { Anchor, Button, Card, Group, Modal, Progress, Stack, Stepper, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { memo, useEffect, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLazyGetIncompleteDrawQuery, useSaveIncompleteDrawMutation, useSubmitDrawMutation } from '../../../api/wizard-api';
import { useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { selectSessionLoaded, selectUser } from '../../../lib/session/session-slice';
import { clientSessionId } from '../../../lib/session/client-session';
import { useAnalytics } from '../../../shared/analytics/analytics-context';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import { isCurrency } from '../../../lib/site/currency';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';
import { selectScreenShare } from '../../../lib/site/site-slice';
import { useSiteConfiguration, useSiteCurrency } from '../../../lib/site/use-site-currency';
import { withCardAuthentication } from '../../../lib/checkout/card-authentication';
import { CHECKOUT_SCRIPT_TIMEOUT_MS } from '../../../lib/checkout/checkout-script';
import { authenticateCard, stripeSettingsOf } from '../../../lib/checkout/stripe-js';
import {
  hasProgress,
  isDrawError,
  nextStep,
  PAYMENT_USE_CREDITS,
  previousStep,
  reachableStep,
  shownStepAtOrBefore,
  shownSteps,
  stepErrors,
  stepPageView,
  type StepVisibility,
  WIZARD_MESSAGES,
  type WizardStep,
} from '../rules';
import { newIdempotencyKey, settlesSubmission, submissionOf } from '../submission';
import { draftStateOf, fromSessionState, initialWizardState, savedStateOf, sessionStateOf, type WizardState, wizardActions, wizardReducer } from '../wizard-slice';
import { clearWizardSession, loadWizardSession, saveWizardSession, type WizardHistoryState } from '../wizard-session';
import { type AccountOutcome, AccountStep } from './account-step';
import { ConfirmationStep } from './confirmation-step';
import { DrawOverlay } from './draw-overlay';
import { EntriesStep } from './entries-step';
import { EntryMethodStep } from './entry-method-step';
import { NameStep } from './name-step';
import { PrizesStep } from './prizes-step';
import { type PaymentDetails, PurchaseStep } from './purchase-step';
import type { StepProps } from './step-props';
import { TimeStep, visitorTimeZone } from './time-step';
import { useHumanCheck } from '../../../lib/site/human-check';
import classes from './wizard.module.css';

const STEP_TITLES: Record<WizardStep, string> = {
  name: 'Name your draw',
  entrymethod: 'How will you enter the entries?',
  entries: 'Your entries',
  prizes: 'Prizes',
  time: 'When to draw',
  account: 'Your account',
  purchase: 'Payment',
  confirmation: 'Confirm your draw',
};

const STEP_LABELS: Record<WizardStep, string> = {
  name: 'Name',
  entrymethod: 'Method',
  entries: 'Entries',
  prizes: 'Prizes',
  time: 'Time',
  account: 'Account',
  purchase: 'Payment',
  confirmation: 'Confirm',
};

/** Part 1 §9 overlay timings: shown at least 1.5 s, then 1.5 s of 'Draw complete!'. */
export const OVERLAY_MINIMUM_MS = 1500;
export const COMPLETION_WAIT_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** The winners limit before the site configuration has arrived: the spec's default (part 1 §9). */
const DEFAULT_WINNERS_LIMIT = 1_000_000;

/**
 * The draw wizard of the home page (part 1 §4): eight steps, some skipped, drafts, and the submission with its overlay.
 * Memoised: home re-renders when the site configuration arrives; the wizard re-renders for what it reads itself.
 */
export const DrawWizard = memo(function DrawWizard() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const link = useRouteLink();
  const analytics = useAnalytics();
  const user = useAppSelector(selectUser);
  const sessionLoaded = useAppSelector(selectSessionLoaded);
  const location = useLocation();
  const historyState = (location.state ?? null) as WizardHistoryState | null;
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
  const [draftNotice, setDraftNotice] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<'drawing' | 'complete' | null>(null);
  const [submitDisabled, setSubmitDisabled] = useState(false);
  const [payment, setPayment] = useState<PaymentDetails | null>(null);
  const [account, setAccount] = useState<AccountOutcome | null>(null);
  const beforeContinue = useRef<(() => Promise<boolean>) | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const movedRef = useRef(false);
  /** The tab's kept state has been read (or a draft resumed): from then on history moves the wizard. */
  const restoredRef = useRef(false);
  /** What the last "Save for later" saved: leaving the page with anything else asks first. */
  const savedDraftRef = useRef<string | null>(null);
  const finishedRef = useRef(false);

  const [submitDraw] = useSubmitDrawMutation();
  const humanCheck = useHumanCheck();
  const [saveDraft, { isLoading: saving }] = useSaveIncompleteDrawMutation();
  const [getDraft] = useLazyGetIncompleteDrawQuery();

  const visibility: StepVisibility = { demoDraw: draw.demoDraw, hidesPrivateData: screenShare.enabled, loggedIn: user !== null };
  const steps = shownSteps(visibility);
  const step = shownStepAtOrBefore(draw.step, visibility);
  const winnersLimit = site?.winnersLimit ?? DEFAULT_WINNERS_LIMIT;
  const context = { winnersLimit, now: new Date(), loggedIn: user !== null };
  const errors = attempted ? stepErrors(step, draw, context) : {};

  // The steps done on Continue (signing up, paying) are passed only by Continue, never through history; a card payment
  // lasts the page's life (its details are never kept).
  const passedIn = (state: WizardState) => (target: WizardStep) =>
    target === 'account' ? false : target === 'purchase' ? state.paymentOption === PAYMENT_USE_CREDITS || state.demoDraw || payment !== null : true;
  const visibilityOf = (state: WizardState): StepVisibility => ({ ...visibility, demoDraw: state.demoDraw });

  /** Records the step in the current history entry (a reload or a later Back/Forward lands on it). */
  const markHistory = (target: WizardStep | null, replace: boolean) => {
    const { wizardStep: _previous, ...rest } = (historyState ?? {}) as WizardHistoryState & Record<string, unknown>;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace, preventScrollReset: true, state: target && target !== 'name' ? { ...rest, wizardStep: target } : rest },
    );
  };

  // Part of issue 27: the state survives a reload in this tab, and the history entry says the step. Read once the
  // session is known (the account step's visibility depends on it), after the hydration (the prerendered page shows
  // the first step). A step past one done on Continue (signing up, a card payment) lands on that step instead.
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
    setAttempted(landing !== wanted);
    setMessage(null);
    dispatch(wizardActions.stepChanged(landing));
    if (landing !== wanted) markHistory(landing, true);
  }, [location.key]);

  // The tab keeps the state while there is something to keep (and the app starts at once on a reload to show it).
  useEffect(() => {
    if (!restoredRef.current || finishedRef.current) return;
    if (hasProgress(draw, draw.step) || draw.name || draw.organisation) saveWizardSession(sessionStateOf(draw));
    else clearWizardSession();
  }, [draw]);

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

  // Part 1 §4: screen-share mode is switched off for demos.
  useEffect(() => {
    if (draw.demoDraw && screenShare.enabled) updateScreenShare({ enabled: false });
  }, [draw.demoDraw, screenShare.enabled]);

  // A step that became hidden (the visitor logged in, switched demo on) is left for the nearest shown one.
  useEffect(() => {
    if (step !== draw.step) dispatch(wizardActions.stepChanged(step));
  }, [step, draw.step]);

  // ?resume=<id>: the saved draft continues where it was left (its owner, or the browser tab that saved it).
  const resumeId = searchParams.get('resume');
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

  // Keyboard and screen-reader users land on the new step's heading.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

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

  const focusFirstInvalid = () =>
    window.requestAnimationFrame(() => bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());

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

  const onSubmit = async () => {
    if (busy || submitDisabled) return;
    setBusy(true);
    setMessage(null);
    idempotencyKey.current ??= newIdempotencyKey();
    const now = draw.scheduleOption === 0;
    const started = Date.now();
    if (now) setOverlay('drawing');
    try {
      const recaptchaResponse = await humanCheck('submit_draw');
      const stripe = stripeSettingsOf(site?.payments);
      const request = {
        // Without a purchase step (screen sharing hides it) a user's credits pay, as the step would have offered first.
        submitDrawRequestDto: submissionOf({ ...draw, paymentOption: draw.paymentOption ?? (user?.remainingCredits ? PAYMENT_USE_CREDITS : null) }, {
          clientSession: clientSessionId(),
          idempotencyKey: idempotencyKey.current,
          currency: isCurrency(currency) ? currency : undefined,
          payment,
          account,
          timeZone: visitorTimeZone(),
          timeZoneOffset: new Date().getTimezoneOffset(),
          recaptchaResponse,
        }),
      };
      // A card the bank asks to authenticate: the challenge, then the same submission (same idempotency key) once more.
      const id = await withCardAuthentication(
        () => submitDraw(request).unwrap(),
        async (clientSecret) => {
          // The bank's challenge, not "Performing draw", while the customer authenticates.
          setOverlay(null);
          const failure = stripe ? await authenticateCard(stripe, CHECKOUT_SCRIPT_TIMEOUT_MS, clientSecret) : null;
          if (now) setOverlay('drawing');
          return failure;
        },
      );
      const detail = link('drawDetail', { params: { id } });
      // The draw is made: the tab forgets it, and a later visit to the wizard starts a new one.
      finishedRef.current = true;
      clearWizardSession();
      if (now) {
        await wait(Math.max(0, OVERLAY_MINIMUM_MS - (Date.now() - started)));
        setOverlay('complete');
        await wait(COMPLETION_WAIT_MS);
      }
      void navigate(detail);
    } catch (error) {
      setOverlay(null);
      setBusy(false);
      const text = formErrorsOf(error, []).form ?? WIZARD_MESSAGES.submitFallback;
      if (settlesSubmission(statusOf(error), text)) idempotencyKey.current = null;
      if (isDrawError(text)) {
        setSubmitDisabled(true);
        void navigate(link('draws', { query: { draw_error: 'true' } }));
        return;
      }
      setMessage(text);
    }
  };

  const stepProps: StepProps = { draw, dispatch, errors };
  const index = steps.indexOf(step);
  const first = index === 0;
  const last = step === 'confirmation';

  return (
    <Card withBorder radius="lg" shadow="sm" className={classes.card}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} id="wizard-title">
            Start a draw
          </Title>
          <Switch
            label="Demo draw (free, up to 10 prizes)"
            checked={draw.demoDraw}
            onChange={(event) => toggleDemo(event.currentTarget.checked)}
            disabled={busy}
          />
        </Group>

        {/* Both progress displays are rendered and CSS shows one: the prerendered page (no screen width known) then
            hydrates with the phone's layout already in place, instead of swapping it after a media query (a shift). */}
        <Stack gap={4} hiddenFrom="sm">
          <Text size="sm" fw={600}>
            Step {index + 1} of {steps.length}: {STEP_LABELS[step]}
          </Text>
          <Progress value={((index + 1) / steps.length) * 100} aria-label={`Step ${index + 1} of ${steps.length}`} />
        </Stack>
        <Stepper
          active={index}
          size="sm"
          className={classes.stepper}
          visibleFrom="sm"
          allowNextStepsSelect={false}
          // Earlier steps can be revisited from the stepper, like Back; later ones only through Continue and its rules.
          onStepClick={(target) => {
            if (target < index && !busy) goTo(steps[target], 'back');
          }}
        >
          {steps.map((s) => (
            <Stepper.Step key={s} label={STEP_LABELS[s]} />
          ))}
        </Stepper>

        <Stack gap="md" ref={bodyRef} component="section" aria-labelledby="wizard-step-title">
          <Title order={3} id="wizard-step-title" ref={headingRef} tabIndex={-1}>
            {STEP_TITLES[step]}
          </Title>
          {step === 'name' && <NameStep {...stepProps} />}
          {step === 'entrymethod' && <EntryMethodStep {...stepProps} />}
          {step === 'entries' && <EntriesStep {...stepProps} winnersLimit={winnersLimit} />}
          {step === 'prizes' && <PrizesStep {...stepProps} />}
          {step === 'time' && <TimeStep {...stepProps} />}
          {step === 'account' && <AccountStep beforeContinue={beforeContinue} onDone={setAccount} />}
          {step === 'purchase' && (
            <PurchaseStep
              {...stepProps}
              prices={site?.prices}
              currency={isCurrency(currency) ? currency : undefined}
              credits={user?.remainingCredits ?? 0}
              beforeContinue={beforeContinue}
              onPayment={setPayment}
            />
          )}
          {step === 'confirmation' && <ConfirmationStep draw={draw} hideCount={screenShare.enabled && !screenShare.entryCount} />}
        </Stack>

        {message && <FormMessage>{message}</FormMessage>}
        {draftNotice && (
          <FormMessage kind="info" title="Draft saved">
            Continue it later from{' '}
            <Anchor component={Link} to={link('home', { query: { resume: draftNotice } })}>
              this link
            </Anchor>{' '}
            in this browser{user ? ' or from your account' : ''}. Drafts are kept for 30 days.
          </FormMessage>
        )}

        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          <Group gap="sm">
            {!first && (
              <Button variant="default" onClick={onBack} disabled={busy} leftSection={<IconArrowLeft size={18} aria-hidden />}>
                Back
              </Button>
            )}
            {!last && (
              <Button variant="subtle" onClick={onSaveDraft} loading={saving} disabled={busy} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
                Save for later
              </Button>
            )}
          </Group>
          {last ? (
            <Button size="md" onClick={onSubmit} loading={busy} disabled={submitDisabled}>
              {draw.scheduleOption === 1 ? 'Confirm and schedule the draw' : 'Confirm and run the draw'}
            </Button>
          ) : (
            <Button size="md" onClick={onContinue} loading={busy} rightSection={<IconArrowRight size={18} aria-hidden />}>
              Continue
            </Button>
          )}
        </Group>
      </Stack>

      <Modal opened={confirmDemo !== null} onClose={() => setConfirmDemo(null)} title={confirmDemo ? 'Switch to a demo draw?' : 'Switch to a real draw?'} centered>
        <Stack gap="md">
          <Text>The draw starts again from its first step; its name and organisation are kept.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmDemo(null)}>
              Keep my draw
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                if (confirmDemo !== null) dispatch(wizardActions.demoToggled(confirmDemo));
                setConfirmDemo(null);
                setPayment(null);
              }}
            >
              Start again
            </Button>
          </Group>
        </Stack>
      </Modal>

      {overlay && <DrawOverlay phase={overlay} />}
    </Card>
  );
});
