import { Alert, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type CheckEntryResponseDto, useCheckEntryMutation, useGetPublicEntryCheckQuery } from '../../../api/publication-api';
import { formatCount } from '../../../lib/draws/prize-view';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';
import { BrandedPage } from '../../../shared/preview/branded-page';
import { BusyButton } from '../../../shared/busy/busy-button';

/** The top of the entry check page (and of its preview). */
export function EntryCheckIntro({ name }: { name: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
      <Text>Check that your entry is in this draw.</Text>
    </Stack>
  );
}

/** The entrant's form: the checked column's value, and the button. */
export function EntryCheckFields({
  columnName,
  value,
  onValueChange,
  error,
  checking,
  onSubmit,
}: {
  columnName: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  checking: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Check your entry">
      <Stack gap="md">
        <TextInput
          name="value"
          label={columnName}
          description={`Enter your ${columnName} as you gave it when you entered.`}
          autoComplete="off"
          maxLength={1000}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          error={error}
        />
        <BusyButton type="submit" loading={checking} w={{ base: '100%', sm: 'auto' }}>
          Check my entry
        </BusyButton>
      </Stack>
    </form>
  );
}

/**
 * /cert/{shortCode}e (public): an entrant types the value of the checked column and learns whether it is in the
 * draw (and with how many entries, when the owner shows it). The answer is about that value only.
 */
export default function PublicEntryCheckPage({ shortCode }: { shortCode: string }) {
  const screenShare = useScreenShare();
  const { data, error, isLoading } = useGetPublicEntryCheckQuery({ shortCode });
  const [checkEntry, { isLoading: checking }] = useCheckEntryMutation();
  const [value, setValue] = useState('');
  const [checked, setChecked] = useState<{ value: string; answer: CheckEntryResponseDto } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  if (isLoading) {
    return (
      <BrandedPage shortCode={shortCode}>
        <Loader aria-label="Loading the entry check" />
      </BrandedPage>
    );
  }
  if (!data) {
    return (
      <BrandedPage shortCode={shortCode}>
        <Title order={1}>Entry check</Title>
        <Text>{statusOf(error) === 404 || statusOf(error) === 400 ? 'The entry check is not available for this draw.' : 'The entry check could not be loaded. Please try again.'}</Text>
      </BrandedPage>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(null);
    if (!value.trim()) {
      setFieldError('Please enter a value to check.');
      return;
    }
    try {
      const answer = await checkEntry({ checkEntryRequestDto: { shortCode, value } }).unwrap();
      setFieldError(null);
      setChecked({ value: value.trim(), answer });
    } catch (failure) {
      // Shown as returned: the rate limit's wait, or why the check is not available.
      const errors = formErrorsOf(failure, ['value'] as const);
      setFieldError(errors.fields.value ?? errors.form);
    }
  };
  const showCount = !screenShare.hidesEntryCount;

  return (
    <BrandedPage shortCode={shortCode} organisation={data.organisation}>
      <EntryCheckIntro name={data.name} />
      {!data.ready ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          The entries are being prepared for checking. Please try again in a few minutes.
        </Alert>
      ) : (
        <EntryCheckFields
          columnName={data.columnName}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            setFieldError(null);
          }}
          error={fieldError}
          checking={checking}
          onSubmit={(event) => void submit(event)}
        />
      )}
      {checked && (
        <Alert
          role="status"
          variant="light"
          color={checked.answer.found ? 'teal' : 'gray'}
          c={checked.answer.found ? 'teal.9' : undefined}
          icon={checked.answer.found ? <IconCircleCheck aria-hidden /> : <IconInfoCircle aria-hidden />}
        >
          <Text fw={700} inherit>
            {checked.answer.found ? 'Your entry is in the draw' : 'No entry found'}
          </Text>
          {checked.answer.found
            ? checked.answer.entries !== null && showCount
              ? `“${checked.value}” is in the draw with ${formatCount(checked.answer.entries)} ${checked.answer.entries === 1 ? 'entry' : 'entries'}.`
              : `“${checked.value}” is in the draw.`
            : `No entry with this ${data.columnName} is in the draw. Check the spelling, or contact the organiser.`}
        </Alert>
      )}
    </BrandedPage>
  );
}
