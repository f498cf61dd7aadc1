import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type DrawResponseDto, type ScrutineerDto, useGetScrutineerPrefillsQuery, useSaveScrutineerMutation } from '../../../api/draws-api';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session/session-slice';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import {
  emptyScrutineer,
  missingScrutineerFields,
  prefillLabel,
  SCRUTINEER_LIMITS,
  SCRUTINEER_REQUIRED,
  type ScrutineerField,
  type ScrutineerFields,
  scrutineerFieldsOf,
  scrutineerPayload,
} from '../scrutineer-rules';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { BusyButton } from '../../../shared/busy/busy-button';

const FIELDS: readonly ScrutineerField[] = ['firstName', 'lastName', 'emailAddress', 'qualification', 'notes'];

function ScrutineerForm({ draw, clientSession, onDone }: { draw: DrawResponseDto; clientSession: string; onDone: () => void }) {
  const user = useAppSelector(selectUser);
  // Part 2 §7: the account's earlier scrutineers prefill the form; a visitor has none (and would get a 401).
  const { data: prefills } = useGetScrutineerPrefillsQuery(undefined, { skip: !user });
  const [save, { isLoading }] = useSaveScrutineerMutation();
  const [values, setValues] = useState<ScrutineerFields>(() => (draw.scrutineer ? scrutineerFieldsOf(draw.scrutineer) : emptyScrutineer()));
  const [invalid, setInvalid] = useState<ScrutineerField[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [fieldMessages, setFieldMessages] = useState<Partial<Record<ScrutineerField, string>>>({});

  const set = (field: ScrutineerField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => current.filter((name) => name !== field));
    setFieldMessages((current) => ({ ...current, [field]: undefined }));
  };

  const applyPrefill = (email: string | null) => {
    const chosen = prefills?.find((prefill: ScrutineerDto) => prefill.emailAddress === email);
    if (!chosen) return;
    setValues(scrutineerFieldsOf(chosen));
    setInvalid([]);
    setMessage(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const missing = missingScrutineerFields(values);
    if (missing.length > 0) {
      setInvalid(missing);
      setMessage(SCRUTINEER_REQUIRED);
      // The keyboard lands on the first field to fix.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await save({ saveScrutineerRequestDto: { drawId: draw.id, clientSession, fields: scrutineerPayload(values) } }).unwrap();
      notifySuccess('Scrutineer saved', `${values.firstName.trim()} ${values.lastName.trim()} is the scrutineer of this draw.`);
      onDone();
    } catch (error) {
      const errors = formErrorsOf(error, FIELDS);
      setFieldMessages(errors.fields);
      setMessage(errors.form);
    }
  };

  const fieldProps = (field: ScrutineerField) => ({
    value: values[field],
    maxLength: SCRUTINEER_LIMITS[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    error: fieldMessages[field] ?? (invalid.includes(field) ? true : undefined),
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Scrutineer details">
      <Stack gap="sm">
        {prefills && prefills.length > 0 && (
          <Select
            label="Use an earlier scrutineer"
            placeholder="Choose a scrutineer of one of your draws"
            data={prefills.map((prefill) => ({ value: prefill.emailAddress, label: prefillLabel(prefill) }))}
            onChange={applyPrefill}
            value={null}
            clearable={false}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" required autoComplete="off" {...fieldProps('firstName')} />
          <TextInput label="Last name" required autoComplete="off" {...fieldProps('lastName')} />
        </SimpleGrid>
        <TextInput label="E-mail address" type="email" required autoComplete="off" {...fieldProps('emailAddress')} />
        <TextInput label="Qualification" description="For example: Justice of the Peace, solicitor" {...fieldProps('qualification')} />
        <Textarea label="Notes" description="Only you see these." autosize minRows={2} maxRows={6} {...fieldProps('notes')} />
        {message && <FormMessage>{message}</FormMessage>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <BusyButton type="submit" loading={isLoading}>
            Save scrutineer
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Part 2 §2, §3: the draw's scrutineer. Everyone sees the name and qualification (the certificate shows them); the
 * owner also the e-mail and notes, and may add, change or remove the scrutineer (not on a cancelled draw: the
 * server refuses it).
 */
export function ScrutineerPanel({ draw, clientSession }: { draw: DrawResponseDto; clientSession: string }) {
  const [editing, setEditing] = useState(false);
  const screenShare = useScreenShare();
  const [save, { isLoading: removing }] = useSaveScrutineerMutation();
  const editable = draw.isOwner && (draw.state === 'scheduled' || draw.state === 'drawn');
  const scrutineer = draw.scrutineer;
  if (!scrutineer && !editable) return null;

  const remove = async () => {
    try {
      await save({ saveScrutineerRequestDto: { drawId: draw.id, clientSession, delete: true } }).unwrap();
      notifySuccess('Scrutineer removed', 'This draw has no scrutineer now.');
    } catch {
      // The error notification says why.
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="scrutineer-title">
      <Stack gap="sm">
        <Title order={2} fz="xl" id="scrutineer-title">
          Scrutineer
        </Title>
        {editing ? (
          <ScrutineerForm draw={draw} clientSession={clientSession} onDone={() => setEditing(false)} />
        ) : scrutineer ? (
          <>
            <Stack gap={2}>
              <Text fw={700}>
                {scrutineer.firstName} {scrutineer.lastName}
              </Text>
              {scrutineer.qualification && <Text>{scrutineer.qualification}</Text>}
              {scrutineer.emailAddress && !screenShare.hidesPrivateData && <Text c="gray.8">{scrutineer.emailAddress}</Text>}
              {scrutineer.notes && (
                <Text c="gray.8" style={{ whiteSpace: 'pre-wrap' }}>
                  {scrutineer.notes}
                </Text>
              )}
            </Stack>
            {editable && (
              <Group gap="sm">
                <Button variant="light" onClick={() => setEditing(true)}>
                  Edit scrutineer
                </Button>
                <BusyButton variant="outline" color="red.9" onClick={() => void remove()} loading={removing}>
                  Remove scrutineer
                </BusyButton>
              </Group>
            )}
          </>
        ) : (
          <>
            <Text c="gray.8">A scrutineer is an independent person who oversees the draw; their name appears on its certificate.</Text>
            <Button variant="light" w="fit-content" onClick={() => setEditing(true)}>
              Add a scrutineer
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
