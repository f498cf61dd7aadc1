import { Alert, Anchor, Button, Container, Group, Loader, Paper, Progress, Radio, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { type EntryCheckSetupResponseDto, useConfigureEntryCheckMutation, useGetEntryCheckQuery } from '../../../api/publication-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { clientSessionId } from '../../../lib/session/client-session';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import { MAX_COLUMN_NAME_LENGTH } from '../../../../../libs/rules/src/index';
import { cleanColumnNameInput, ENTRY_CHECK_FIRST_POLL_MS, ENTRY_CHECK_POLL_MS } from '../published-value';
import { PreviewIframe } from '../../../shared/preview/preview-iframe';
import { type EntryCheckPreviewConfig, entryCheckPreviewMessage, PREVIEW_FRAME, serialiseEntryCheckPreview } from '../preview-config';
import { BusyButton } from '../../../shared/busy/busy-button';

/** Part 2 §4: while the file is processed, ask after 10 s, then every 2.5 s. */
function useProcessingPoll(processing: boolean): number {
  const [interval, setInterval_] = useState(0);
  useEffect(() => {
    if (!processing) {
      setInterval_(0);
      return;
    }
    const timer = setTimeout(() => setInterval_(ENTRY_CHECK_POLL_MS), ENTRY_CHECK_FIRST_POLL_MS);
    return () => clearTimeout(timer);
  }, [processing]);
  return interval;
}

function ProcessingStatus({ setup }: { setup: EntryCheckSetupResponseDto }) {
  const link = useRouteLink();
  const check = setup.entryCheck;
  if (!check?.entryCheckEnabled) return null;
  if (check.entryCheckFileProcessing) {
    const percent = check.totalRows > 0 ? Math.min(100, Math.round((check.processedRows / check.totalRows) * 100)) : 0;
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="xs" role="status">
          <Text fw={700}>Processing the entries file…</Text>
          <Progress value={percent} aria-label={`Entries processed: ${percent}%`} />
          <Text size="sm" c="gray.8">
            {check.processedRows.toLocaleString('en')} of {check.totalRows.toLocaleString('en')} rows. You can leave this page: processing goes on.
          </Text>
        </Stack>
      </Paper>
    );
  }
  if (check.state === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title="The entry check could not be set up">
        {check.entryCheckErrorMessage ?? 'An unexpected error has occurred.'}
      </Alert>
    );
  }
  return (
    <Alert color="teal" c="teal.9" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
      <Text fw={700} inherit>
        {check.message ?? 'File processed successfully.'}
      </Text>
      Entrants can now check their entry on the{' '}
      <Anchor
        component={Link}
        to={link('certificate', {
          params: { shortCode: `${setup.shortCode}e` },
        })}
        underline="always"
        style={{ color: 'inherit' }}
      >
        public entry check page
      </Anchor>
      .
    </Alert>
  );
}

function EntryCheckForm({ setup, clientSession }: { setup: EntryCheckSetupResponseDto; clientSession: string }) {
  const navigate = useNavigate();
  const link = useRouteLink();
  const [configure, { isLoading }] = useConfigureEntryCheckMutation();
  const current = setup.entryCheck?.entryCheckEnabled ? setup.entryCheck : null;
  const [column, setColumn] = useState<string>(current ? String(current.entryCheckColumnIdx) : '');
  const [name, setName] = useState(current?.entryCheckColumnName ?? '');
  const [showCount, setShowCount] = useState(current?.entryCheckShowEntriesCount ?? false);
  const [errors, setErrors] = useState<{
    fields: Partial<Record<'columnIdx' | 'columnName', string>>;
    form: string | null;
  }>({ fields: {}, form: null });

  // The spec's entry check preview config: the frame draws it; its message (part 2 §5) says what is missing.
  const config: EntryCheckPreviewConfig = {
    drawId: setup.id,
    hasBranding: true,
    idx: column === '' ? null : Number(column),
    name,
  };
  const preview = entryCheckPreviewMessage(config, setup.headerRowColumns);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {}, form: null });
    try {
      await configure({
        entryCheckSetupRequestDto: {
          drawId: setup.id,
          clientSession,
          columnIdx: column === '' ? null : Number(column),
          columnName: name,
          showEntriesCount: showCount,
        },
      }).unwrap();
    } catch (error) {
      setErrors(formErrorsOf(error, ['columnIdx', 'columnName'] as const));
    }
  };

  const cancel = async () => {
    try {
      await configure({
        entryCheckSetupRequestDto: {
          drawId: setup.id,
          clientSession,
          cancelEntryCheck: true,
        },
      }).unwrap();
      void navigate(
        link('drawDetail', {
          params: { id: setup.id },
          query: { eccancel: 'true' },
        }),
      );
    } catch (error) {
      setErrors(formErrorsOf(error, [] as const));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Entry check">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Radio.Group
              label="Column to check against"
              description="Entrants type a value of this column. Columns with personal data and the entry count column cannot be used."
              value={column}
              onChange={(value) => {
                setColumn(value);
                const chosen = setup.headerRowColumns[Number(value)];
                if (chosen && !name.trim()) setName(cleanColumnNameInput(chosen.name));
              }}
              error={errors.fields.columnIdx}
            >
              <Stack gap="xs" mt="xs">
                {setup.headerRowColumns.map((c, i) => (
                  <Radio
                    key={i}
                    value={String(i)}
                    disabled={c.locked}
                    label={
                      <Group gap={4} component="span">
                        {c.name}
                        {c.locked && <IconLock size={14} aria-label="locked" />}
                      </Group>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
            <TextInput
              label="Name shown to entrants"
              value={name}
              maxLength={MAX_COLUMN_NAME_LENGTH}
              onChange={(event) => setName(cleanColumnNameInput(event.currentTarget.value))}
              error={errors.fields.columnName}
              maw={360}
            />
            <Switch label="Show entrants their number of entries" checked={showCount} onChange={(event) => setShowCount(event.currentTarget.checked)} />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="ec-preview">
          <Stack gap="xs">
            <Title order={2} fz="lg" id="ec-preview">
              Preview
            </Title>
            {preview ? (
              <Text c="gray.8" role="status">
                {preview}
              </Text>
            ) : (
              <Text size="sm" c="gray.8">
                What entrants see on the entry check page.
              </Text>
            )}
            <PreviewIframe
              title="Preview of the public entry check page"
              src={link('certificate', {
                params: { shortCode: `${setup.shortCode}e` },
                query: {
                  prev: 'true',
                  fw: PREVIEW_FRAME.width,
                  eh: PREVIEW_FRAME.height,
                },
              })}
              hash={serialiseEntryCheckPreview(config)}
              height={PREVIEW_FRAME.frameHeight}
              hidden={preview !== null}
              testId="entry-check-preview"
            />
          </Stack>
        </Paper>
        {errors.form && <FormMessage>{errors.form}</FormMessage>}
        <Group>
          <BusyButton type="submit" loading={isLoading}>
            {current ? 'Save the entry check' : 'Enable the entry check'}
          </BusyButton>
          {current && (
            <Button variant="light" color="red" onClick={() => void cancel()} disabled={isLoading}>
              Cancel the entry check
            </Button>
          )}
          <Button
            component={Link}
            variant="subtle"
            to={link('drawDetail', {
              params: { id: setup.id },
              query: current ? { entrycheck: 'true' } : {},
            })}
          >
            Back to the draw
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /draws/entrycheck/{id}/ (public; query inactive): part 2 §2 Entry check configuration. */
export default function EntryCheckPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const link = useRouteLink();
  const clientSession = useMemo(() => clientSessionId(), []);
  const [processing, setProcessing] = useState(false);
  const pollingInterval = useProcessingPoll(processing);
  const { data: setup, error } = useGetEntryCheckQuery({ id, clientSession }, { pollingInterval, refetchOnMountOrArgChange: true });
  useEffect(() => setProcessing(!!setup?.entryCheck?.entryCheckFileProcessing), [setup?.entryCheck?.entryCheckFileProcessing]);

  let content;
  if (!setup && error) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={statusOf(error) === 404 || statusOf(error) === 400 ? 'Draw not found.' : 'An unexpected error has occurred.'}>
        Only the owner of a draw can set up its entry check.{' '}
        <Anchor component={Link} to={link('home')}>
          Go to the home page
        </Anchor>
      </Alert>
    );
  } else if (!setup) {
    content = <Loader aria-label="Loading the draw" />;
  } else if (setup.entryMethod === 'simple') {
    content = <Text>The entry check needs a draw made from an uploaded entries file.</Text>;
  } else if (setup.state !== 'scheduled' && setup.state !== 'drawn') {
    content = <Text>The entry check is not available for a cancelled or failed draw.</Text>;
  } else {
    content = (
      <>
        <ProcessingStatus setup={setup} />
        <EntryCheckForm key={`${setup.entryCheck?.entryCheckEnabled}`} setup={setup} clientSession={clientSession} />
      </>
    );
  }
  return (
    <Container size="md" px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Entry check</Title>
          <Text c="gray.8">Let entrants check that their entry is in the draw, without showing anyone else&apos;s.</Text>
          {setup && (
            <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
              {setup.name}
            </Text>
          )}
        </Stack>
        {searchParams.get('inactive') !== null && (
          <Alert color="gray" variant="light" role="status">
            The entry check of this draw is not active.
          </Alert>
        )}
        {content}
      </Stack>
    </Container>
  );
}
