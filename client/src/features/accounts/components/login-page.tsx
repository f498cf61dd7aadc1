import { Anchor, Center, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useLoginMutation } from '../../../api/account-api';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { FormPage } from '../../../shared/forms/components/form-page';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { writeScreenShareCookie } from '../../../lib/screen-share/screen-share';
import { screenShareChanged, selectScreenShare } from '../../../lib/site/site-slice';
import { ACCOUNT_MESSAGES, isValidEmail } from '../../../../../libs/rules/src/index';
import { loginMessages } from '../../../lib/account-forms';
import { useLoggedInRedirect } from '../use-logged-in-redirect';
import { useHumanCheck } from '../../../lib/site/human-check';
import { BusyButton } from '../../../shared/busy/busy-button';

const FIELDS = ['email', 'password'] as const;

/** What other pages may hand over when they send someone here (register's "Already registered." link). */
export interface LoginPageState {
  email?: string;
}

/** /account/login/ (query error, create, ReturnUrl): part 1 §2, §6, §8. */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const link = useRouteLink();
  const dispatch = useAppDispatch();
  const screenShare = useAppSelector(selectScreenShare);
  const [login, { isLoading }] = useLoginMutation();
  const humanCheck = useHumanCheck();
  const returnUrl = searchParams.get('ReturnUrl');
  const create = searchParams.get('create');
  const handedOver = (location.state as LoginPageState | null)?.email ?? '';
  const { values, setField, errors, showErrors, formRef } = useForm({ email: handedOver, password: '' });
  const { waiting } = useLoggedInRedirect(returnUrl);

  if (create !== null && !waiting) {
    // Old links that invite people to create an account land on the sign-up form, with the address if given.
    const email = isValidEmail(create) ? create.trim() : undefined;
    return <Navigate to={link('register', { query: { email } })} replace />;
  }
  if (waiting) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading your account" />
      </Center>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = loginMessages(values);
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    try {
      const recaptchaResponse = await humanCheck('login');
      await login({ loginRequestDto: { email: values.email.trim(), password: values.password, recaptchaResponse } }).unwrap();
      // Screen-share mode is switched off on login (part 1 §4): the account's own pages show private details.
      if (screenShare.enabled) {
        const off = { ...screenShare, enabled: false };
        writeScreenShareCookie(off);
        dispatch(screenShareChanged(off));
      }
      // The user is now in the session: useLoggedInRedirect takes them on.
    } catch (error) {
      showErrors(formErrorsOf(error, FIELDS));
    }
  };

  return (
    <FormPage title="Log in" intro="Welcome back. Log in to see your draws and buy credits.">
      {searchParams.get('error') === 'confirmation' && <FormMessage>{ACCOUNT_MESSAGES.confirmationTokenInvalid}</FormMessage>}
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(event) => setField('email', event.currentTarget.value)}
            error={errors.fields.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => setField('password', event.currentTarget.value)}
            error={errors.fields.password}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor underline="always" component={Link} to={link('forgotPassword', { query: { email: isValidEmail(values.email) ? values.email.trim() : undefined } })} size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          {errors.form && <FormMessage>{errors.form}</FormMessage>}
          <BusyButton type="submit" loading={isLoading} fullWidth size="md">
            Log in
          </BusyButton>
          <Text size="sm" ta="center">
            New to FairDraw?{' '}
            <Anchor underline="always" component={Link} to={link('register', { query: { email: isValidEmail(values.email) ? values.email.trim() : undefined } })}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}
