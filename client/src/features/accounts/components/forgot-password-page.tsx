import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForgotPasswordMutation } from '../../../api/account-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { FormPage } from '../../../shared/forms/components/form-page';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { emailMessages } from '../../../lib/account-forms';
import { useHumanCheck } from '../../../lib/site/human-check';
import { BusyButton } from '../../../shared/busy/busy-button';

/** /account/forgotpassword/ (query email): asks for a reset link; the answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const link = useRouteLink();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const humanCheck = useHumanCheck();
  const [answer, setAnswer] = useState<string | null>(null);
  const { values, setField, errors, showErrors, formRef } = useForm({ email: searchParams.get('email')?.trim() ?? '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = emailMessages(values);
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    try {
      const recaptchaResponse = await humanCheck('forgot_password');
      const result = await forgotPassword({ forgotPasswordRequestDto: { email: values.email.trim(), recaptchaResponse } }).unwrap();
      setAnswer(result.message);
    } catch (error) {
      showErrors(formErrorsOf(error, ['email']));
    }
  };

  if (answer) {
    return (
      <FormPage title="Check your e-mail">
        <FormMessage kind="info" takesFocus>
          {answer}
        </FormMessage>
        <Text size="sm">The link works for an hour, once. If nothing arrives, check your spam folder or ask again.</Text>
        <Stack gap="xs">
          <Button component={Link} to={link('login')} variant="default">
            Back to log in
          </Button>
          <Button variant="subtle" onClick={() => setAnswer(null)}>
            Send another link
          </Button>
        </Stack>
      </FormPage>
    );
  }

  return (
    <FormPage title="Forgot your password?" intro="Enter your e-mail address and we will send you a link to choose a new password.">
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
          {errors.form && <FormMessage>{errors.form}</FormMessage>}
          <BusyButton type="submit" loading={isLoading} fullWidth size="md">
            Send the link
          </BusyButton>
          <Text size="sm" ta="center">
            Remembered it?{' '}
            <Anchor underline="always" component={Link} to={link('login')}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}
