import { Alert, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useCreateAccountAndLinkDrawMutation } from '../../../api/draws-api';
import { ACCOUNT_MESSAGES, isValidEmail } from '../../../../../libs/rules/src/index';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import { ACCOUNT_EXISTS_ALERT } from '../draw-notices';
import { BusyButton } from '../../../shared/busy/busy-button';

/**
 * Part 2 §2: a visitor who made a draw without an account may create one for it. The server makes the account
 * without a password and e-mails a link to choose one; an address that already has an account gets the spec's alert
 * (part 2 §8). Success is reported by the page (this panel goes away once the draw has an owner).
 */
export function LinkAccountPanel({ drawId, clientSession, onLinked }: { drawId: string; clientSession: string; onLinked: (message: string) => void }) {
  const [link, { isLoading }] = useCreateAccountAndLinkDrawMutation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [exists, setExists] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setExists(false);
    setFormError(null);
    if (!isValidEmail(email)) {
      setFieldError(ACCOUNT_MESSAGES.email);
      return;
    }
    try {
      const answer = await link({ createAccountAndLinkDrawRequestDto: { email: email.trim(), drawId, clientSession } }).unwrap();
      onLinked(answer.message);
    } catch (error) {
      if (statusOf(error) === 409) {
        setExists(true);
        return;
      }
      const errors = formErrorsOf(error, ['email'] as const);
      setFieldError(errors.fields.email ?? null);
      setFormError(errors.form);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="link-account-title">
      <form onSubmit={submit} noValidate aria-label="Create an account for this draw">
        <Stack gap="sm">
          <Title order={2} fz="xl" id="link-account-title">
            Create an account for this draw
          </Title>
          <Text c="gray.8">Keep this draw in an account, so you can find it again from any browser, download its results and run more draws.</Text>
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            maw={420}
          />
          {exists && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {ACCOUNT_EXISTS_ALERT}
            </Alert>
          )}
          {formError && <FormMessage>{formError}</FormMessage>}
          <BusyButton type="submit" loading={isLoading} w="fit-content">
            Create my account
          </BusyButton>
        </Stack>
      </form>
    </Paper>
  );
}

/** What the page shows once the account is made. */
export function AccountLinked({ message }: { message: string }) {
  return (
    <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden />} title="Account created" c="teal.9">
      {message}
    </Alert>
  );
}
