import { Anchor, Center, Checkbox, Group, Loader, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRegisterMutation } from '../../../api/account-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { FormPage } from '../../../shared/forms/components/form-page';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { ACCOUNT_MESSAGES, AGENCY_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../../libs/rules/src/index';
import { type Registration, type RegistrationField, registrationMessages } from '../../../lib/account-forms';
import { useLoggedInRedirect } from '../use-logged-in-redirect';
import type { LoginPageState } from './login-page';
import { useHumanCheck } from '../../../lib/site/human-check';
import { usePasswordPolicy } from '../../../lib/session/use-password-policy';
import { BusyButton } from '../../../shared/busy/busy-button';

const FIELDS: readonly RegistrationField[] = ['firstName', 'lastName', 'email', 'password', 'isAgent', 'agentOrganisation', 'optedIntoCommunication', 'termsAgreed'];

/** /account/register/ (query email): every field of RegisterRequestDto, checked here with the server's messages. */
export default function RegisterPage() {
  usePasswordPolicy();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const link = useRouteLink();
  const [register, { isLoading }] = useRegisterMutation();
  const humanCheck = useHumanCheck();
  // Set once the visitor submits: success logs them in, and the page, not the logged-in redirect, decides where next.
  const [submitted, setSubmitted] = useState(false);
  const { waiting } = useLoggedInRedirect(null, submitted);
  const [alreadyRegistered, setAlreadyRegistered] = useState<string | null>(null);
  const { values, setField, errors, showErrors, formRef } = useForm<Registration>(() => ({
    firstName: '',
    lastName: '',
    email: searchParams.get('email')?.trim() ?? '',
    password: '',
    isAgent: null,
    agentOrganisation: '',
    optedIntoCommunication: false,
    termsAgreed: false,
  }));

  if (waiting) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading your account" />
      </Center>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlreadyRegistered(null);
    const fields = await registrationMessages(values);
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    setSubmitted(true);
    const email = values.email.trim();
    try {
      const recaptchaResponse = await humanCheck('register');
      await register({
        registerRequestDto: {
          recaptchaResponse,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email,
          password: values.password,
          isAgent: values.isAgent === true,
          agentOrganisation: values.isAgent ? values.agentOrganisation.trim() : undefined,
          optedIntoCommunication: values.optedIntoCommunication,
          termsAgreed: values.termsAgreed,
        },
      }).unwrap();
      void navigate(link('home', { query: { registered: 'true' } }));
    } catch (error) {
      setSubmitted(false);
      if (statusOf(error) === 409) {
        // Part 1 §8: the message gives way to a way in.
        setAlreadyRegistered(email);
        showErrors({ fields: {}, form: null });
        return;
      }
      showErrors(formErrorsOf(error, FIELDS));
    }
  };

  // "Please complete all of the above fields." speaks of several fields: it is said once, above the button,
  // and each empty field is marked.
  const incomplete = Object.values(errors.fields).includes(ACCOUNT_MESSAGES.incomplete);
  const fieldError = (field: RegistrationField): ReactNode => {
    const message = errors.fields[field];
    return message === ACCOUNT_MESSAGES.incomplete ? true : message;
  };
  const emailError: ReactNode = alreadyRegistered ? (
    <>
      There is already an account for this address.{' '}
      <Anchor underline="always" component={Link} to={link('login')} state={{ email: alreadyRegistered } satisfies LoginPageState} size="xs" fw={700}>
        Log in
      </Anchor>{' '}
      or{' '}
      <Anchor underline="always" component={Link} to={link('forgotPassword', { query: { email: alreadyRegistered } })} size="xs" fw={700}>
        reset your password
      </Anchor>
      .
    </>
  ) : (
    fieldError('email')
  );

  return (
    <FormPage title="Create an account" intro="An account lets you schedule draws, buy credits and keep every certificate in one place.">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              maxLength={NAME_MAX_LENGTH}
              value={values.firstName}
              onChange={(event) => setField('firstName', event.currentTarget.value)}
              error={fieldError('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              maxLength={NAME_MAX_LENGTH}
              value={values.lastName}
              onChange={(event) => setField('lastName', event.currentTarget.value)}
              error={fieldError('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(event) => {
              setAlreadyRegistered(null);
              setField('email', event.currentTarget.value);
            }}
            error={emailError}
          />
          <PasswordInput
            label="Password"
            description="5 to 100 characters"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => setField('password', event.currentTarget.value)}
            error={fieldError('password')}
          />
          <Radio.Group
            label="Are you registering as an agent for another organisation?"
            required
            value={values.isAgent === null ? null : values.isAgent ? 'yes' : 'no'}
            onChange={(value) => setField('isAgent', value === 'yes')}
            error={fieldError('isAgent')}
          >
            <Group gap="xl" mt={6}>
              <Radio value="yes" label="Yes" aria-invalid={errors.fields.isAgent ? true : undefined} />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
          {values.isAgent && (
            <TextInput
              label="Agency name"
              autoComplete="organization"
              required
              maxLength={AGENCY_MAX_LENGTH}
              value={values.agentOrganisation}
              onChange={(event) => setField('agentOrganisation', event.currentTarget.value)}
              error={fieldError('agentOrganisation')}
            />
          )}
          <Checkbox
            label="Send me occasional news and offers by e-mail"
            checked={values.optedIntoCommunication}
            onChange={(event) => setField('optedIntoCommunication', event.currentTarget.checked)}
          />
          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Anchor underline="always" inherit href={link('terms')} target="_blank" rel="noopener">
                  Terms and conditions
                </Anchor>{' '}
                <Text component="span" size="xs" c="dimmed">
                  (opens in a new tab)
                </Text>
              </>
            }
            checked={values.termsAgreed}
            onChange={(event) => setField('termsAgreed', event.currentTarget.checked)}
            error={fieldError('termsAgreed')}
          />
          {incomplete && <FormMessage>{ACCOUNT_MESSAGES.incomplete}</FormMessage>}
          {errors.form && <FormMessage>{errors.form}</FormMessage>}
          <BusyButton type="submit" loading={isLoading} fullWidth size="md">
            Create account
          </BusyButton>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor underline="always" component={Link} to={link('login')}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}
