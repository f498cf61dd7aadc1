import { Checkbox, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { useUpdateAccountMutation, type UserResponseDto } from '../../../api/account-api';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { RestrictToInput } from '../../../shared/forms/components/restrict-to-input';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { ACCOUNT_MESSAGES, AGENCY_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../../libs/rules/src/index';
import { detailsMessages } from '../../../lib/account-forms';
import { countryOptions } from '../address-countries';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { BusyButton } from '../../../shared/busy/busy-button';

interface DetailsValues {
  firstName: string;
  lastName: string;
  isAgent: boolean;
  agentOrganisation: string;
  optedIntoCommunication: boolean;
  lineOne: string;
  lineTwo: string;
  city: string;
  state: string;
  postcode: string;
  countryCode: string | null;
}

// The server names nested fields with dots.
const FIELDS = [
  'firstName',
  'lastName',
  'isAgent',
  'agentOrganisation',
  'optedIntoCommunication',
  'address.lineOne',
  'address.lineTwo',
  'address.city',
  'address.state',
  'address.postcode',
  'address.countryCode',
] as const;

// Postcodes the world over: letters, digits, spaces and hyphens (SW1A 1AA, 2000, K1A 0B1, 10001-0001).
const POSTCODE_CHARACTER = /[A-Za-z0-9 -]/;

function initialValues(account: UserResponseDto): DetailsValues {
  return {
    firstName: account.firstName ?? '',
    lastName: account.lastName ?? '',
    isAgent: account.isAgent,
    agentOrganisation: account.agentOrganisation ?? '',
    optedIntoCommunication: account.optedIntoCommunication,
    lineOne: account.address?.lineOne ?? '',
    lineTwo: account.address?.lineTwo ?? '',
    city: account.address?.city ?? '',
    state: account.address?.state ?? '',
    postcode: account.address?.postcode ?? '',
    countryCode: account.address?.countryCode ?? null,
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Details, address and the communication choice: one form, one save. */
export function AccountDetailsForm({ account }: { account: UserResponseDto }) {
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const { values, setField, errors, showErrors, clearErrors, formRef } = useForm(() => initialValues(account));
  const countries = useMemo(() => countryOptions(typeof navigator === 'undefined' ? undefined : navigator.language), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = detailsMessages(values);
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    try {
      await updateAccount({
        updateAccountRequestDto: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          isAgent: values.isAgent,
          agentOrganisation: values.isAgent ? values.agentOrganisation.trim() : null,
          optedIntoCommunication: values.optedIntoCommunication,
          address: {
            lineOne: blankToNull(values.lineOne),
            lineTwo: blankToNull(values.lineTwo),
            city: blankToNull(values.city),
            state: blankToNull(values.state),
            postcode: blankToNull(values.postcode),
            countryCode: values.countryCode,
          },
        },
      }).unwrap();
      clearErrors();
      notifySuccess('Saved', 'Your details have been saved.');
    } catch (error) {
      showErrors(formErrorsOf(error, FIELDS));
    }
  };

  const incomplete = Object.values(errors.fields).includes(ACCOUNT_MESSAGES.incomplete);
  const fieldError = (field: (typeof FIELDS)[number]): ReactNode => {
    const message = errors.fields[field];
    return message === ACCOUNT_MESSAGES.incomplete ? true : message;
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="details-title">
      <Stack gap="md">
        <Title order={2} id="details-title" size="h3">
          Your details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
        <TextInput label="E-mail address" value={account.email ?? ''} readOnly description="You log in with this address. To change it, please contact us." />
        <Text size="sm" c="dimmed" mt={-8}>
          {account.emailConfirmed ? 'Confirmed.' : 'Not confirmed yet: we sent you a link to confirm it when you signed up.'}
        </Text>
        <Radio.Group label="Are you an agent for another organisation?" value={values.isAgent ? 'yes' : 'no'} onChange={(value) => setField('isAgent', value === 'yes')} error={fieldError('isAgent')}>
          <Group gap="xl" mt={6}>
            <Radio value="yes" label="Yes" />
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

        <Title order={3} size="h4" mt="sm">
          Address
        </Title>
        <Text size="sm" c="dimmed" mt={-8}>
          Printed on your invoices.
        </Text>
        <TextInput
          label="Address line 1"
          autoComplete="address-line1"
          maxLength={200}
          value={values.lineOne}
          onChange={(event) => setField('lineOne', event.currentTarget.value)}
          error={fieldError('address.lineOne')}
        />
        <TextInput
          label="Address line 2"
          autoComplete="address-line2"
          maxLength={200}
          value={values.lineTwo}
          onChange={(event) => setField('lineTwo', event.currentTarget.value)}
          error={fieldError('address.lineTwo')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="City"
            autoComplete="address-level2"
            maxLength={100}
            value={values.city}
            onChange={(event) => setField('city', event.currentTarget.value)}
            error={fieldError('address.city')}
          />
          <TextInput
            label="State, province or county"
            autoComplete="address-level1"
            maxLength={100}
            value={values.state}
            onChange={(event) => setField('state', event.currentTarget.value)}
            error={fieldError('address.state')}
          />
          <RestrictToInput
            label="Postcode"
            autoComplete="postal-code"
            maxLength={20}
            restrictTo={POSTCODE_CHARACTER}
            value={values.postcode}
            onChange={(value) => setField('postcode', value)}
            error={fieldError('address.postcode')}
          />
          <Select
            label="Country"
            placeholder="Choose a country"
            data={countries}
            searchable
            clearable
            nothingFoundMessage="No country of that name"
            value={values.countryCode}
            onChange={(value) => setField('countryCode', value)}
            error={fieldError('address.countryCode')}
          />
        </SimpleGrid>

        <Checkbox
          mt="xs"
          label="Send me occasional news and offers by e-mail"
          checked={values.optedIntoCommunication}
          onChange={(event) => setField('optedIntoCommunication', event.currentTarget.checked)}
        />
        {incomplete && <FormMessage>{ACCOUNT_MESSAGES.incomplete}</FormMessage>}
        {errors.form && <FormMessage>{errors.form}</FormMessage>}
        <Group justify="flex-end">
          <BusyButton type="submit" loading={isLoading}>
            Save details
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
