import { Group, PasswordInput, Stack, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useUpdateAccountMutation } from '../../../api/account-api';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { passwordChangeMessages } from '../../../lib/account-forms';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { usePasswordPolicy } from '../../../lib/session/use-password-policy';
import { BusyButton } from '../../../shared/busy/busy-button';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * A password change needs the current password (the server checks it) and the new one typed twice. `account`: the
 * account's e-mail and names, which a new password must not be made of (the server checks that too).
 */
export function ChangePasswordForm({ account }: { account: readonly string[] }) {
  usePasswordPolicy();
  // Its own mutation state, so that saving details does not make this button spin.
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const { values, setValues, setField, errors, showErrors, clearErrors, formRef } = useForm(EMPTY);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = await passwordChangeMessages(values, account);
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    try {
      await updateAccount({ updateAccountRequestDto: { currentPassword: values.currentPassword, newPassword: values.newPassword } }).unwrap();
      setValues(EMPTY);
      clearErrors();
      notifySuccess('Password changed', 'Your password has been changed.');
    } catch (error) {
      showErrors(formErrorsOf(error, ['currentPassword', 'newPassword']));
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="password-title">
      <Stack gap="md">
        <Title order={2} id="password-title" size="h3">
          Change your password
        </Title>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={(event) => setField('currentPassword', event.currentTarget.value)}
          error={errors.fields.currentPassword}
        />
        <PasswordInput
          label="New password"
          description="5 to 100 characters"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={(event) => setField('newPassword', event.currentTarget.value)}
          error={errors.fields.newPassword}
        />
        <PasswordInput
          label="Confirm the new password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(event) => setField('confirmPassword', event.currentTarget.value)}
          error={errors.fields.confirmPassword}
        />
        {errors.form && <FormMessage>{errors.form}</FormMessage>}
        <Group justify="flex-end">
          <BusyButton type="submit" loading={isLoading}>
            Change password
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
