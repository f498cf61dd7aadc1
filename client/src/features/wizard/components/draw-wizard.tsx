import { Anchor, Button, Card, Group, Modal, Progress, Stack, Stepper, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { isCurrency } from '../../../lib/site/currency';
import { useRouteLink } from '../../../lib/use-route-link';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { useDrawWizard } from '../hooks/use-draw-wizard';
import type { WizardStep } from '../rules';
import { AccountStep } from './account-step';
import { ConfirmationStep } from './confirmation-step';
import { DrawOverlay } from './draw-overlay';
import { EntriesStep } from './entries-step';
import { EntryMethodStep } from './entry-method-step';
import { NameStep } from './name-step';
import { PrizesStep } from './prizes-step';
import { PurchaseStep } from './purchase-step';
import type { StepProps } from './step-props';
import { TimeStep } from './time-step';
import classes from './wizard.module.css';
import { BusyButton } from '../../../shared/busy/busy-button';

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

/**
 * The draw wizard of the home page (part 1 §4): eight steps, some skipped, drafts, and the submission with its overlay
 * (its orchestration: hooks/use-draw-wizard.ts).
 * Memoised: home re-renders when the site configuration arrives; the wizard re-renders for what it reads itself.
 */
export const DrawWizard = memo(function DrawWizard() {
  const link = useRouteLink();
  const {
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
  } = useDrawWizard();

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
          <Switch label="Demo draw (free, up to 10 prizes)" checked={draw.demoDraw} onChange={(event) => toggleDemo(event.currentTarget.checked)} disabled={busy} />
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
          <FormMessage kind="info" title="Draft saved" takesFocus>
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
              <BusyButton variant="subtle" onClick={onSaveDraft} loading={saving} disabled={busy} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
                Save for later
              </BusyButton>
            )}
          </Group>
          {last ? (
            <BusyButton size="md" onClick={onSubmit} loading={busy} disabled={submitDisabled}>
              {draw.scheduleOption === 1 ? 'Confirm and schedule the draw' : 'Confirm and run the draw'}
            </BusyButton>
          ) : (
            <BusyButton size="md" onClick={onContinue} loading={busy} rightSection={<IconArrowRight size={18} aria-hidden />}>
              Continue
            </BusyButton>
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
            <Button data-autofocus onClick={onConfirmDemo}>
              Start again
            </Button>
          </Group>
        </Stack>
      </Modal>

      {overlay && <DrawOverlay phase={overlay} />}
    </Card>
  );
});
