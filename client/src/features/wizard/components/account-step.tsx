import { Anchor, Checkbox, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLazyCheckEmailQuery, useLoginOrRegisterMutation } from '../../../api/account-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { isValidEmail } from '../../../../../libs/rules/src/index';
import { loginMessages, type Messages, type Registration, type RegistrationField, registrationMessages } from '../../../lib/account-forms';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import type { BeforeContinue } from './step-props';
import { useHumanCheck } from '../../../lib/site/human-check';
import { usePasswordPolicy } from '../../../lib/session/use-password-policy';

const FIELDS = ['email', 'password', 'firstName', 'lastName', 'isAgent', 'agentOrganisation', 'termsAgreed', 'optedIntoCommunication'] as const;

/** What the submission repeats of the account step (part 1 §7: isAgent, agentOrganisation, justRegistered…). */
export interface AccountOutcome {
  justRegistered: boolean;
  isAgent?: boolean;
  agentOrganisation?: string;
  optedIntoCommunication?: boolean;
}

/**
 * The account step: an e-mail with an account logs in with its password; a new e-mail also gives the registration
 * details (checked with GET /api/account/check as soon as the e-mail is complete). One call, loginOrRegister, does
 * either. The wizard's Continue button runs it.
 */
export function AccountStep({ beforeContinue, onDone }: { beforeContinue: BeforeContinue; onDone: (outcome: AccountOutcome) => void }) {
  usePasswordPolicy();
  const link = useRouteLink();
  const [checkEmail, { data: check, isFetching: checking }] = useLazyCheckEmailQuery();
  const [loginOrRegister] = useLoginOrRegisterMutation();
  const humanCheck = useHumanCheck();
  const [form, setForm] = useState<Registration>({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    isAgent: null,
    agentOrganisation: '',
    optedIntoCommunication: false,
    termsAgreed: false,
  });
  const [messages, setMessages] = useState<Messages<RegistrationField>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [checkedEmail, setCheckedEmail] = useState<string | null>(null);
  const isNew = check !== undefined && checkedEmail === form.email.trim() && !check.exists;

  const set = <K extends keyof Registration>(key: K, value: Registration[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setMessages((current) => ({ ...current, [key]: undefined }));
  };

  const askWhetherNew = async (email: string): Promise<boolean | null> => {
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) return null;
    setCheckedEmail(trimmed);
    const answer = await checkEmail({ email: trimmed })
      .unwrap()
      .catch(() => null);
    return answer ? !answer.exists : null;
  };

  // The Continue button of the wizard: logs in or registers, and says whether the wizard may move on.
  useEffect(() => {
    beforeContinue.current = async () => {
      setFormMessage(null);
      const loginProblems = loginMessages(form);
      if (Object.keys(loginProblems).length) {
        setMessages(loginProblems);
        return false;
      }
      const fresh = checkedEmail === form.email.trim() && check ? !check.exists : await askWhetherNew(form.email);
      if (fresh) {
        const problems = await registrationMessages(form);
        if (Object.keys(problems).length) {
          setMessages(problems);
          return false;
        }
      }
      try {
        const recaptchaResponse = await humanCheck('login_or_register');
        const answer = await loginOrRegister({
          loginOrRegisterRequestDto: fresh
            ? {
                email: form.email.trim(),
                password: form.password,
                firstName: form.firstName.trim(),
                lastName: form.lastName.trim(),
                isAgent: form.isAgent ?? false,
                agentOrganisation: form.isAgent ? form.agentOrganisation.trim() : undefined,
                optedIntoCommunication: form.optedIntoCommunication,
                termsAgreed: form.termsAgreed,
                recaptchaResponse,
              }
            : { email: form.email.trim(), password: form.password, recaptchaResponse },
        }).unwrap();
        onDone(
          answer.registered
            ? { justRegistered: true, isAgent: form.isAgent ?? false, agentOrganisation: form.isAgent ? form.agentOrganisation.trim() : undefined, optedIntoCommunication: form.optedIntoCommunication }
            : { justRegistered: false },
        );
        return true;
      } catch (error) {
        const placed = formErrorsOf(error, FIELDS);
        setMessages(placed.fields as Messages<RegistrationField>);
        setFormMessage(placed.form);
        return false;
      }
    };
    return () => {
      beforeContinue.current = null;
    };
  });

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.8">
        Log in, or create your account with a new e-mail address: your draws, certificates and invoices are kept there.
      </Text>
      <TextInput
        label="E-mail address"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={(event) => set('email', event.currentTarget.value)}
        onBlur={() => void askWhetherNew(form.email)}
        error={messages.email}
        description={checking ? 'Checking…' : isNew ? 'New here: a few details create your account.' : undefined}
      />
      <PasswordInput
        label="Password"
        autoComplete={isNew ? 'new-password' : 'current-password'}
        required
        value={form.password}
        onChange={(event) => set('password', event.currentTarget.value)}
        error={messages.password}
      />
      {!isNew && (
        <Anchor component={Link} to={link('forgotPassword')} size="sm" w="fit-content">
          Forgot your password?
        </Anchor>
      )}
      {isNew && (
        <>
          <Group grow align="flex-start">
            <TextInput label="First name" autoComplete="given-name" required value={form.firstName} onChange={(e) => set('firstName', e.currentTarget.value)} error={messages.firstName} />
            <TextInput label="Last name" autoComplete="family-name" required value={form.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} error={messages.lastName} />
          </Group>
          <Radio.Group
            label="Are you an agent running this draw for another organisation?"
            required
            value={form.isAgent === null ? '' : String(form.isAgent)}
            onChange={(value) => set('isAgent', value === 'true')}
            error={messages.isAgent}
          >
            <Group gap="lg" mt="xs">
              <Radio value="true" label="Yes" />
              <Radio value="false" label="No" />
            </Group>
          </Radio.Group>
          {form.isAgent && (
            <TextInput label="Agency name" required value={form.agentOrganisation} onChange={(e) => set('agentOrganisation', e.currentTarget.value)} error={messages.agentOrganisation} />
          )}
          <Checkbox label="Send me news and offers by e-mail" checked={form.optedIntoCommunication} onChange={(event) => set('optedIntoCommunication', event.currentTarget.checked)} />
          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Anchor component={Link} to={link('terms')} target="_blank">
                  Terms and conditions
                </Anchor>
              </>
            }
            checked={form.termsAgreed}
            onChange={(event) => set('termsAgreed', event.currentTarget.checked)}
            error={messages.termsAgreed}
          />
        </>
      )}
      {formMessage && <FormMessage>{formMessage}</FormMessage>}
    </Stack>
  );
}
