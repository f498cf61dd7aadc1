import { Anchor, PasswordInput, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useResetPasswordMutation } from '../../../api/account-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { FormPage } from '../../../shared/forms/components/form-page';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { newPasswordMessages } from '../../../lib/account-forms';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { usePasswordPolicy } from '../../../lib/session/use-password-policy';
import { BusyButton } from '../../../shared/busy/busy-button';

/** /account/resetpassword/:token/: a new password, typed twice, then on to log in with it. */
export default function ResetPasswordPage() {
  usePasswordPolicy();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const link = useRouteLink();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { values, setField, errors, showErrors, formRef } = useForm({ password: '', confirmPassword: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = await newPasswordMessages(values);
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    try {
      const result = await resetPassword({ resetPasswordRequestDto: { token, password: values.password } }).unwrap();
      notifySuccess('Password changed', result.message);
      void navigate(link('login'), { replace: true });
    } catch (error) {
      // A bad or used token is the link's fault, not a field's: it is told with a way to get a new one.
      showErrors(formErrorsOf(error, ['password', 'token']));
    }
  };

  return (
    <FormPage title="Choose a new password">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            description="5 to 100 characters"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => setField('password', event.currentTarget.value)}
            error={errors.fields.password}
          />
          <PasswordInput
            label="Confirm the new password"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={(event) => setField('confirmPassword', event.currentTarget.value)}
            error={errors.fields.confirmPassword}
          />
          {errors.fields.token && (
            <FormMessage>
              {errors.fields.token}{' '}
              <Anchor underline="always" component={Link} to={link('forgotPassword')} size="sm" fw={700}>
                Ask for a new link
              </Anchor>
            </FormMessage>
          )}
          {errors.form && <FormMessage>{errors.form}</FormMessage>}
          <BusyButton type="submit" loading={isLoading} fullWidth size="md">
            Save the new password
          </BusyButton>
        </Stack>
      </form>
    </FormPage>
  );
}
