import { Alert, Anchor, Button, Checkbox, Container, Group, Loader, Paper, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { type PublicationSetupResponseDto, useGetPublicationSetupQuery, usePublishWinnersMutation } from '../../../api/publication-api';
import { currentCountry } from '../../../lib/countries';
import { useRouteLink } from '../../../lib/use-route-link';
import { clientSessionId } from '../../../lib/session/client-session';
import { describeCountdown, DRAW_POLL_MS, formatCountdown } from '../../../lib/draws/draw-timing';
import { useNow } from '../../../lib/draws/use-now';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf, statusOf } from '../../../shared/forms/server-errors';
import { PreviewIframe } from '../../../shared/preview/preview-iframe';
import { type PublicationPreviewConfig, PREVIEW_FRAME, publicationPreviewMessages, serialisePublicationPreview } from '../preview-config';
import { MAX_COLUMN_NAME_LENGTH, MAX_PUBLISHED_COLUMNS } from '../../../../../libs/rules/src/index';
import { cleanColumnNameInput, QUICK_OPTIONS, toLocalInput } from '../published-value';
import { BusyButton } from '../../../shared/busy/busy-button';

type Field = 'columns' | 'names' | 'prizes' | 'scheduleDate';

/** The first publication date offered: 5 minutes ahead (part 2 §9), and after the draw. */
function defaultDate(setup: PublicationSetupResponseDto): string {
  const drawAt = new Date(setup.relevantDate).getTime();
  return toLocalInput(new Date(Math.max(Date.now(), drawAt) + QUICK_OPTIONS[0].ms));
}

function PublicationForm({ setup, clientSession, drawnDuringSetup }: { setup: PublicationSetupResponseDto; clientSession: string; drawnDuringSetup: boolean }) {
  const navigate = useNavigate();
  const link = useRouteLink();
  const [publish, { isLoading }] = usePublishWinnersMutation();
  const saved = setup.publication;
  const drawn = setup.state === 'drawn';
  const [columns, setColumns] = useState<number[]>(() => saved?.columns ?? []);
  const [names, setNames] = useState<Record<number, string>>(() => Object.fromEntries((saved?.columns ?? []).map((c, i) => [c, saved!.names[i]])));
  const [prizes, setPrizes] = useState<number[]>(() => saved?.prizes ?? setup.prizes.map((_, i) => i));
  const [truncated, setTruncated] = useState(saved?.truncated ?? false);
  const [upperCase, setUpperCase] = useState(saved?.upperCase ?? false);
  const [entries, setEntries] = useState(saved?.entries ?? false);
  const [when, setWhen] = useState<'now' | 'date'>(drawn ? 'now' : 'date');
  const [date, setDate] = useState(() => defaultDate(setup));
  const [errors, setErrors] = useState<{ fields: Partial<Record<Field, string>>; form: string | null }>({ fields: {}, form: null });
  const now = useNow(true);
  const country = currentCountry(useLocation().pathname, window.location.hostname);

  // A field's message stays only until the owner changes that field: ticking a column answers 'Select at least 1 column'.
  const clearError = (...fields: Field[]) =>
    setErrors((current) =>
      fields.some((field) => current.fields[field]) ? { ...current, fields: Object.fromEntries(Object.entries(current.fields).filter(([field]) => !fields.includes(field as Field))) } : current,
    );

  const toggleColumn = (c: number, on: boolean) => {
    clearError('columns', 'names');
    setColumns((current) => (on ? [...current, c].sort((a, b) => a - b) : current.filter((x) => x !== c)));
    if (on && !names[c]) setNames((current) => ({ ...current, [c]: cleanColumnNameInput(setup.headerRowColumns[c].name) }));
  };

  const dateMs = new Date(date).getTime();
  const drawAt = new Date(setup.relevantDate).getTime();
  // The spec's publication preview config: the frame draws it; its messages (part 2 §5) say what is missing.
  const config: PublicationPreviewConfig = {
    drawId: setup.id,
    hasBranding: true,
    columns,
    names: columns.map((c) => names[c] ?? ''),
    truncated,
    upperCase,
    entries,
    // An unreadable date stays as typed, so that the messages name it; the hash carries readable dates only.
    schedule: when === 'now' ? null : Number.isFinite(dateMs) ? new Date(dateMs).toISOString() : date,
    countryCode: country,
    prizes,
  };
  const preview = publicationPreviewMessages(config, setup, now);
  const hash = serialisePublicationPreview({ ...config, schedule: config.schedule && Number.isFinite(dateMs) ? config.schedule : null });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {}, form: null });
    try {
      await publish({
        publishRequestDto: {
          id: setup.id,
          clientSession,
          published: when === 'now',
          columns,
          names: columns.map((c) => names[c] ?? ''),
          prizes,
          truncated,
          upperCase,
          entries,
          scheduleDate: when === 'date' && Number.isFinite(dateMs) ? new Date(dateMs).toISOString() : null,
        },
      }).unwrap();
      void navigate(link('drawDetail', { params: { id: setup.id }, query: { published: 'true' } }));
    } catch (error) {
      setErrors(formErrorsOf(error, ['columns', 'names', 'prizes', 'scheduleDate'] as const));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Publish the winners">
      <Stack gap="lg">
        {drawnDuringSetup && (
          <Alert color="teal" c="teal.9" variant="light" role="alert" icon={<IconInfoCircle aria-hidden />}>
            <Text fw={700} inherit>
              The draw has just taken place.
            </Text>
            The example rows have been replaced by the real winners.
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Columns to publish
            </Title>
            <Text size="sm" c="gray.8">
              Choose up to {MAX_PUBLISHED_COLUMNS} columns and name each one. Columns with personal data cannot be published.
            </Text>
            {setup.headerRowColumns.map((column, c) => {
              const selected = columns.includes(c);
              return (
                <Group key={c} align="flex-start" wrap="wrap" gap="sm">
                  <Checkbox
                    label={
                      <Group gap={4} component="span">
                        {column.name}
                        {column.blacklisted && <IconLock size={14} aria-label="personal data, locked" />}
                      </Group>
                    }
                    checked={selected}
                    disabled={column.blacklisted || (!selected && columns.length >= MAX_PUBLISHED_COLUMNS)}
                    onChange={(event) => toggleColumn(c, event.currentTarget.checked)}
                    w={{ base: '100%', sm: 220 }}
                    mt={selected ? 8 : 0}
                  />
                  {selected && (
                    <TextInput
                      aria-label={`Published name of ${column.name}`}
                      value={names[c] ?? ''}
                      maxLength={MAX_COLUMN_NAME_LENGTH}
                      onChange={(event) => {
                        const value = cleanColumnNameInput(event.currentTarget.value);
                        setNames((current) => ({ ...current, [c]: value }));
                        clearError('names');
                      }}
                      style={{ flex: 1, minWidth: 180 }}
                    />
                  )}
                </Group>
              );
            })}
            {(errors.fields.columns || errors.fields.names) && <FormMessage>{errors.fields.columns ?? errors.fields.names}</FormMessage>}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Switch label="First names only (initials after)" checked={truncated} onChange={(event) => setTruncated(event.currentTarget.checked)} />
              <Switch label="Upper case" checked={upperCase} onChange={(event) => setUpperCase(event.currentTarget.checked)} />
              <Switch label="Show the number of entries" checked={entries} onChange={(event) => setEntries(event.currentTarget.checked)} />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Prizes to publish
            </Title>
            {setup.prizes.map((prize, p) => (
              <Checkbox
                key={p}
                label={`${prize.description || `Prize ${p + 1}`} (${prize.quantity} ${prize.quantity === 1 ? 'winner' : 'winners'})`}
                checked={prizes.includes(p)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setPrizes((current) => (on ? [...current, p].sort((a, b) => a - b) : current.filter((x) => x !== p)));
                  clearError('prizes');
                }}
              />
            ))}
            {errors.fields.prizes && <FormMessage>{errors.fields.prizes}</FormMessage>}
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              When
            </Title>
            <Radio.Group value={when} onChange={(value) => setWhen(value as 'now' | 'date')} aria-label="When to publish">
              <Stack gap="xs">
                <Radio value="now" label={drawn ? 'Publish now' : 'Publish now (once the draw has taken place)'} disabled={!drawn} />
                <Radio value="date" label="Publish at a date" />
              </Stack>
            </Radio.Group>
            {when === 'date' && (
              <Stack gap="xs">
                <TextInput
                  type="datetime-local"
                  label="Publication date"
                  value={date}
                  onChange={(event) => {
                    setDate(event.currentTarget.value);
                    clearError('scheduleDate');
                  }}
                  error={errors.fields.scheduleDate}
                  maw={320}
                />
                <Group gap="xs">
                  {QUICK_OPTIONS.map((option) => (
                    <Button key={option.ms} variant="light" size="xs" onClick={() => setDate(toLocalInput(new Date(Math.max(Date.now(), drawAt) + option.ms)))}>
                      {option.label}
                    </Button>
                  ))}
                </Group>
              </Stack>
            )}
            {when === 'now' && errors.fields.scheduleDate && <FormMessage>{errors.fields.scheduleDate}</FormMessage>}
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="preview-title">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="preview-title">
              Preview
            </Title>
            {preview.length > 0 ? (
              <Stack gap={4} role="status">
                {preview.map((message) => (
                  <Text key={message} c="gray.8">
                    {message}
                  </Text>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="gray.8">
                {drawn ? 'The first winners, as the public page will show them.' : 'Example rows from your entries; the real winners replace them once drawn.'}
              </Text>
            )}
            <PreviewIframe
              title="Preview of the public winners page"
              src={link('certificate', { params: { shortCode: `${setup.shortCode}w` }, query: { prev: 'true', fw: PREVIEW_FRAME.width, wh: PREVIEW_FRAME.height } })}
              hash={hash}
              height={PREVIEW_FRAME.frameHeight}
              hidden={preview.length > 0}
              testId="publication-preview"
            />
          </Stack>
        </Paper>
        {errors.form && <FormMessage>{errors.form}</FormMessage>}
        <Group>
          <BusyButton type="submit" loading={isLoading}>
            {when === 'now' ? 'Publish the winners' : 'Schedule the publication'}
          </BusyButton>
          <Button component={Link} variant="subtle" to={link('drawDetail', { params: { id: setup.id } })}>
            Back to the draw
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The current publication: its public page, a countdown to its date, and the way to take it down. */
function PublicationStatus({ setup, receivedAt }: { setup: PublicationSetupResponseDto; receivedAt: number }) {
  const link = useRouteLink();
  const publication = setup.publication;
  const waiting = !!publication?.published && !publication.winnersPublishedLive;
  const now = useNow(waiting);
  if (!publication?.published) return null;
  const msUntil = receivedAt + publication.secondsTilPublishDate * 1000 - now;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        {publication.winnersPublishedLive ? (
          <Text fw={700}>The winners are published.</Text>
        ) : (
          <Text fw={700} role="timer" aria-label={`Published in ${describeCountdown(Math.max(0, msUntil))}`}>
            Published in {formatCountdown(Math.max(0, msUntil))}
          </Text>
        )}
        <Group gap="md">
          <Anchor component={Link} to={link('certificate', { params: { shortCode: `${setup.shortCode}w` } })} underline="always">
            Open the public winners page
          </Anchor>
          <Anchor component={Link} to={link('unpublish', { params: { id: setup.id } })} underline="always">
            Unpublish
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /draws/publication/{id}/ (public; queries unpublish, invalid_preview, returning): part 2 §2 Winner publication. */
export default function PublicationPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const link = useRouteLink();
  const clientSession = useMemo(() => clientSessionId(), []);
  const [polling, setPolling] = useState(0);
  const { data: setup, error, fulfilledTimeStamp } = useGetPublicationSetupQuery({ id, clientSession }, { pollingInterval: polling });
  const drawAt = setup ? new Date(setup.relevantDate).getTime() : 0;
  const scheduled = setup?.state === 'scheduled';
  const now = useNow(scheduled);
  // Part 2 §4: a draw that happens during setup is noticed (polled every 3 s once due) and its winners replace the examples.
  const due = scheduled && drawAt - now <= 0;
  useEffect(() => setPolling(due ? DRAW_POLL_MS : 0), [due]);
  const firstState = useRef<string | undefined>(undefined);
  if (setup && firstState.current === undefined) firstState.current = setup.state;
  const drawnDuringSetup = firstState.current === 'scheduled' && setup?.state === 'drawn';

  let content;
  if (!setup && error) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={statusOf(error) === 404 || statusOf(error) === 400 ? 'Draw not found.' : 'An unexpected error has occurred.'}>
        Only the owner of a draw can publish its winners.{' '}
        <Anchor component={Link} to={link('home')}>
          Go to the home page
        </Anchor>
      </Alert>
    );
  } else if (!setup) {
    content = <Loader aria-label="Loading the draw" />;
  } else if (setup.state === 'cancelled' || setup.state === 'error' || setup.state === 'draft') {
    content = <Text>The winners of this draw cannot be published.</Text>;
  } else {
    content = (
      <>
        <PublicationStatus setup={setup} receivedAt={fulfilledTimeStamp ?? Date.now()} />
        {/* Re-mounted when the draw is drawn, so that "publish now" becomes the choice. */}
        <PublicationForm key={setup.state} setup={setup} clientSession={clientSession} drawnDuringSetup={drawnDuringSetup} />
      </>
    );
  }
  return (
    <Container size="md" px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Publish the winners</Title>
          {setup && (
            <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
              {setup.name}
            </Text>
          )}
        </Stack>
        {searchParams.get('unpublish') !== null && (
          <Alert color="gray" variant="light" role="status">
            The winners are no longer published. You can publish them again here.
          </Alert>
        )}
        {searchParams.get('invalid_preview') !== null && (
          <Alert color="yellow" variant="light" role="status">
            That preview link is no longer valid. Choose the columns and prizes to show again to see the preview.
          </Alert>
        )}
        {searchParams.get('returning') !== null && setup && (
          <Alert color="gray" variant="light" role="status">
            Welcome back: your publication settings are as you left them.
          </Alert>
        )}
        {content}
      </Stack>
    </Container>
  );
}
