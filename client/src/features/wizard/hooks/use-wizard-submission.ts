import { type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSubmitDrawMutation } from '../../../api/wizard-api';
import type { SiteConfigurationResponseDto } from '../../../api/site-api';
import { withCardAuthentication } from '../../../lib/checkout/card-authentication';
import { CHECKOUT_SCRIPT_TIMEOUT_MS } from '../../../lib/checkout/checkout-script';
import { authenticateCard, stripeSettingsOf } from '../../../lib/checkout/stripe-js';
import { clientSessionId } from '../../../lib/session/client-session';
import { type Currency, isCurrency } from '../../../lib/site/currency';
import { useHumanCheck } from '../../../lib/site/human-check';
import { useRouteLink } from '../../../lib/use-route-link';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import type { AccountOutcome } from '../components/account-step';
import type { PaymentDetails } from '../components/purchase-step';
import { visitorTimeZone } from '../components/time-step';
import { DRAW_MESSAGES } from '../../../../../libs/rules/src/index';
import { isDrawError, PAYMENT_USE_CREDITS } from '../rules';
import { newIdempotencyKey, settlesSubmission, submissionOf } from '../submission';
import type { WizardState } from '../wizard-slice';
import { clearWizardSession, keepSubmissionKey, keptSubmissionKey } from '../wizard-session';

/** Part 1 §9 overlay timings: shown at least 1.5 s, then 1.5 s of 'Draw complete!'. */
const OVERLAY_MINIMUM_MS = 1500;
const COMPLETION_WAIT_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

interface WizardSubmissionOptions {
  draw: WizardState;
  /** The signed-in user's credits (undefined: nobody is signed in). */
  remainingCredits: number | undefined;
  site: SiteConfigurationResponseDto | undefined;
  currency: Currency | undefined;
  payment: PaymentDetails | null;
  account: AccountOutcome | null;
  /** The draw is made: the tab forgets it. */
  finishedRef: RefObject<boolean>;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  setMessage: (message: string | null) => void;
}

/**
 * The draw's submission (part 1 §9): the human check, the card's authentication when the bank asks for it, the
 * overlay of a draw made now, then the draw's page; a refused draw goes to the draw list with its error.
 */
export function useWizardSubmission({ draw, remainingCredits, site, currency, payment, account, finishedRef, busy, setBusy, setMessage }: WizardSubmissionOptions) {
  const navigate = useNavigate();
  const link = useRouteLink();
  const [submitDraw] = useSubmitDrawMutation();
  const humanCheck = useHumanCheck();
  const [overlay, setOverlay] = useState<'drawing' | 'complete' | null>(null);
  const [submitDisabled, setSubmitDisabled] = useState(false);
  const idempotencyKey = useRef<string | null>(null);

  const onSubmit = async () => {
    if (busy || submitDisabled) return;
    setBusy(true);
    setMessage(null);
    idempotencyKey.current ??= keptSubmissionKey() ?? newIdempotencyKey();
    keepSubmissionKey(idempotencyKey.current);
    const now = draw.scheduleOption === 0;
    const started = Date.now();
    if (now) setOverlay('drawing');
    try {
      const recaptchaResponse = await humanCheck('submit_draw');
      const stripe = stripeSettingsOf(site?.payments);
      const request = {
        // Without a purchase step (screen sharing hides it) a user's credits pay, as the step would have offered first.
        submitDrawRequestDto: submissionOf(
          { ...draw, paymentOption: draw.paymentOption ?? (remainingCredits ? PAYMENT_USE_CREDITS : null) },
          {
            clientSession: clientSessionId(),
            idempotencyKey: idempotencyKey.current,
            currency: isCurrency(currency) ? currency : undefined,
            payment,
            account,
            timeZone: visitorTimeZone(),
            timeZoneOffset: new Date().getTimezoneOffset(),
            recaptchaResponse,
          },
        ),
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
      const text = formErrorsOf(error, []).form ?? DRAW_MESSAGES.submitFallback;
      if (settlesSubmission(statusOf(error), text)) {
        idempotencyKey.current = null;
        keepSubmissionKey(null);
      }
      if (isDrawError(text)) {
        setSubmitDisabled(true);
        void navigate(link('draws', { query: { draw_error: 'true' } }));
        return;
      }
      setMessage(text);
    }
  };

  return { overlay, submitDisabled, onSubmit };
}
