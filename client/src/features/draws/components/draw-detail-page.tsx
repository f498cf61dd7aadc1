import { Alert, Anchor, Badge, Button, Container, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconTrophy } from '@tabler/icons-react';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { type DrawResponseDto, useGetDrawQuery } from '../../../api/draws-api';
import { useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { clientSessionId } from '../../../lib/session/client-session';
import { selectSessionLoaded, selectUser } from '../../../lib/session/session-slice';
import { statusOf } from '../../../shared/forms/server-errors';
import { selectScreenShare } from '../../../lib/site/site-slice';
import { useDates } from '../../../lib/use-dates';
import { zoneLabel } from '../draw-dates';
import { type DrawErrorState, detailNotices } from '../draw-notices';
import { isDrawState } from '../../../lib/draws/draw-state';
import { describeCountdown, DRAW_POLL_MS, dueAtLocal, formatCountdown, isDrawing, visibleActions } from '../../../lib/draws/draw-timing';
import { formatCount } from '../../../lib/draws/prize-view';
import { useNow } from '../../../lib/draws/use-now';
import { DrawOwnerActions } from './draw-owner-actions';
import { DrawStateBadge } from './draw-state-badge';
import { DrawTime } from './draw-time';
import { AccountLinked, LinkAccountPanel } from './link-account-panel';
import { PrizeList } from './prize-list';
import { ResultsDownload } from './results-download';
import { ScrutineerPanel } from './scrutineer-panel';
import { VerificationPanel } from './verification-panel';
import { WinnersModal } from './winners-modal';
import classes from './draws.module.css';

const ENTRY_METHODS: Record<string, string> = { simple: 'Numbered entries', upload: 'Uploaded entries file', uploadAdvanced: 'Uploaded entries file (advanced)' };

/** The draw time and what is happening at it: the countdown, 'Drawing...', or when it was drawn. */
function TimePanel({ draw, msUntil }: { draw: DrawResponseDto; msUntil: number }) {
  const { dateTime } = useDates();
  let status;
  if (draw.state === 'scheduled' && msUntil > 0) {
    status = (
      <Stack gap={0}>
        <Text size="sm" fw={700}>
          Draws in
        </Text>
        <Text className={classes.bigCountdown} data-testid="countdown" aria-label={`Draws in ${describeCountdown(msUntil)}`} role="timer">
          {formatCountdown(msUntil)}
        </Text>
      </Stack>
    );
  } else if (draw.state === 'scheduled') {
    status = (
      <Group gap="sm" role="status">
        <Loader size="md" aria-hidden />
        <Stack gap={0}>
          <Text className={classes.bigCountdown}>{draw.waitingFor ? `${draw.waitingFor}...` : 'Drawing...'}</Text>
          <Text size="sm" c="gray.8">
            {draw.waitingFor && draw.beacon
              ? `The draw needs round ${draw.beacon.round} of the beacon, fixed before the draw; it is drawn with that round as soon as the beacon serves it.`
              : 'The winners appear here in a moment.'}
          </Text>
        </Stack>
      </Group>
    );
  } else if (draw.state === 'drawn') {
    status = (
      <Group gap="xs" role="status">
        <IconCircleCheck size={28} color="var(--mantine-color-teal-9)" aria-hidden />
        <Text fw={700} size="lg">
          Drawn on {dateTime(draw.relevantDate, draw.scheduleTimeZone, { seconds: true })} ({zoneLabel(draw.scheduleTimeZone)})
        </Text>
      </Group>
    );
  } else if (draw.state === 'cancelled') {
    status = <Text fw={700}>This draw was cancelled and will not be drawn.</Text>;
  } else {
    status = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="This draw could not be run">
        {draw.errorMessage ?? 'It has no winners. Please contact us if you need to know more.'}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        {draw.state !== 'drawn' && (
          <Stack gap={0}>
            <Text size="sm" fw={700}>
              {draw.state === 'scheduled' ? 'Scheduled for' : 'Draw time'}
            </Text>
            <DrawTime iso={draw.relevantDate} zone={draw.scheduleTimeZone} size="md" />
          </Stack>
        )}
        {status}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="sm" c="gray.8">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} className={classes.numeric}>
        {value}
      </Text>
    </Stack>
  );
}

function LoadingDraw() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the draw">
      <Skeleton h={36} w="60%" />
      <Skeleton h={20} w="40%" />
      <Skeleton h={120} />
      <Skeleton h={200} />
    </Stack>
  );
}

function NotFound({ retry }: { retry?: () => void }) {
  const link = useRouteLink();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={1}>{retry ? 'Draw could not be loaded' : 'Draw not found'}</Title>
        <Text c="gray.8">{retry ? 'Please check your connection and try again.' : 'No draw has this address. Check the link, or look the draw up by its 12-digit ID.'}</Text>
        <Group gap="sm">
          {retry && <Button onClick={retry}>Try again</Button>}
          <Button component={Link} to={link('lookup')} variant={retry ? 'default' : 'filled'}>
            Look up a draw
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /draws/detail/{id}/ (public): part 2 §2 Draw detail, §4 states and thresholds. */
/** The certificates feature's panel, given by the app's route (app/routes/draw-detail-page.tsx). */
export interface CertificatePanelProps {
  draw: { id: string; shortCode: string; state: string; isOwner: boolean };
  clientSession: string;
  canDownloadWinners: boolean;
}

export default function DrawDetailPage({ CertificatePanel }: { CertificatePanel: ComponentType<CertificatePanelProps> }) {
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const link = useRouteLink();
  const user = useAppSelector(selectUser);
  const sessionLoaded = useAppSelector(selectSessionLoaded);
  const screenShare = useAppSelector(selectScreenShare);
  // Sent with every call, so a visitor who made the draw in this tab is its owner (DESIGN.md clientSession).
  const clientSession = useMemo(() => clientSessionId(), []);
  const [polling, setPolling] = useState(0);
  const { data: draw, error, isError, isFetching, refetch, fulfilledTimeStamp } = useGetDrawQuery({ id, clientSession }, { pollingInterval: polling, refetchOnMountOrArgChange: true });
  const [winnersOpen, setWinnersOpen] = useState(false);
  const [linkedMessage, setLinkedMessage] = useState<string | null>(null);

  const state = draw && isDrawState(draw.state) ? draw.state : 'error';
  const dueAt = draw ? dueAtLocal(draw.secondsTilRelevantDate, fulfilledTimeStamp ?? Date.now()) : 0;
  const now = useNow(state === 'scheduled');
  const msUntil = dueAt - now;
  const drawing = !!draw && isDrawing(state, msUntil);

  // Part 2 §4: once the time has passed the draw is asked for every 3 s until it is drawn (no reload needed).
  useEffect(() => setPolling(drawing ? DRAW_POLL_MS : 0), [drawing]);

  // Screen-share settings may open the winners for the audience the moment a draw followed here is drawn.
  const previousState = useRef(state);
  useEffect(() => {
    if (previousState.current === 'scheduled' && state === 'drawn' && screenShare.enabled && screenShare.winnerModal) setWinnersOpen(true);
    previousState.current = state;
  }, [state, screenShare.enabled, screenShare.winnerModal]);

  const notices = detailNotices(searchParams);
  // Dismissing a notice takes its query off the address, so a reload does not bring it back.
  const dismiss = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.delete(key);
    setSearchParams(next, { replace: true });
  };

  let content;
  if (!draw && isError) {
    const status = statusOf(error);
    const notFound = status === 404 || status === 400;
    if (!sessionLoaded) content = <LoadingDraw />;
    // Part 2 §8: a draw that fails to load sends its user to the draws list; a visitor has no list to go to.
    else if (user) return <Navigate to={link('draws', { query: { draw_error: 'true' } })} replace />;
    else content = <NotFound retry={notFound ? undefined : () => void refetch()} />;
  } else if (!draw) {
    content = <LoadingDraw />;
  } else if (state === 'error' && draw.isOwner && user && sessionLoaded) {
    // Part 2 §4: an error draw opened here takes its owner to the list, whose error modal gives the reason.
    const handed: DrawErrorState = { drawError: { name: draw.name, displayId: draw.displayId, errorMessage: draw.errorMessage } };
    return <Navigate to={link('draws', { query: { draw_error: 'true' } })} replace state={handed} />;
  } else if (state === 'draft') {
    content = (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm" align="flex-start">
          <Title order={1}>{draw.name || 'Unfinished draw'}</Title>
          <Text>This draw was saved before it was submitted. Resume it in the draw wizard to finish setting it up.</Text>
          <Button component={Link} to={link('home', { query: { resume: draw.id } })}>
            Resume the draw
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    const actions = draw.isOwner ? visibleActions(state, msUntil) : { reschedule: false, drawNow: false, cancel: false };
    // Screen-share mode hides the entry count (unless asked to show it) and the winners' rows (part 1 §3).
    const sharing = screenShare.enabled;
    const hideColumns = sharing;
    const showEntryCount = !sharing || screenShare.entryCount;
    const drawn = state === 'drawn';
    const canDownload = drawn && draw.isOwner && !!user;
    const canLink = draw.isOwner && !user && sessionLoaded && (state === 'scheduled' || state === 'drawn');
    content = (
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <DrawStateBadge state={draw.state} />
            {draw.demo && (
              <Badge color="gray.8" variant="outline" radius="sm">
                Demo
              </Badge>
            )}
            {draw.source !== 'web' && (
              <Badge color="gray.8" variant="outline" radius="sm">
                {draw.source === 'api' ? 'API' : 'Test'}
              </Badge>
            )}
          </Group>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {draw.name}
          </Title>
          <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
            {draw.organisation}
          </Text>
          <Text c="gray.8" className={classes.tabular}>
            Draw ID <strong>#{draw.displayId}</strong>
          </Text>
        </Stack>

        <TimePanel draw={draw} msUntil={msUntil} />
        {draw.isOwner && <DrawOwnerActions draw={draw} visible={actions} clientSession={clientSession} />}
        {draw.isOwner && (state === 'scheduled' || state === 'drawn') && (
          <Group gap="sm">
            <Button component={Link} variant="light" to={link('publication', { params: { id: draw.id } })}>
              Publish winners
            </Button>
            {draw.entryMethod !== 'simple' && (
              <Button component={Link} variant="light" to={link('entryCheck', { params: { id: draw.id } })}>
                Entry check
              </Button>
            )}
          </Group>
        )}
        {linkedMessage && <AccountLinked message={linkedMessage} />}

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="prizes-title">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={2} fz="xl" id="prizes-title">
                {drawn ? 'Prizes and winners' : 'Prizes'}
              </Title>
              <Group gap="sm">
                {drawn && (
                  <Button variant="light" leftSection={<IconTrophy size={18} aria-hidden />} onClick={() => setWinnersOpen(true)}>
                    Show winners
                  </Button>
                )}
                {canDownload && <ResultsDownload drawId={draw.id} />}
              </Group>
            </Group>
            <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
              {/* The wizard's figures, in its words (issue 27): entry rows and entrants for a file, then its entries. */}
              {showEntryCount && draw.entryMethod !== 'simple' && <Fact label="Entry rows" value={formatCount(draw.entryRowCount)} />}
              {showEntryCount && draw.entryMethod !== 'simple' && <Fact label="Entrants" value={formatCount(draw.entrantCount)} />}
              {showEntryCount && <Fact label="Entries" value={formatCount(draw.entryCount)} />}
              <Fact label="Winners" value={formatCount(draw.winnerCount)} />
              <Fact label="Reserves" value={formatCount(draw.reserveCount)} />
              <Fact label="Entries from" value={ENTRY_METHODS[draw.entryMethod] ?? draw.entryMethod} />
              {draw.oneWinPerEntrant && <Fact label="Wins per entrant" value="One" />}
            </SimpleGrid>
            {!drawn && state === 'scheduled' && <Text c="gray.8">{drawing ? 'The winners are being drawn.' : 'The winners are listed here once the draw is done.'}</Text>}
            <PrizeList prizes={draw.prizes} drawn={drawn} hideColumns={hideColumns} />
          </Stack>
        </Paper>

        <ScrutineerPanel draw={draw} clientSession={clientSession} />
        {canLink && <LinkAccountPanel drawId={draw.id} clientSession={clientSession} onLinked={setLinkedMessage} />}
        <VerificationPanel draw={draw} />
        <CertificatePanel draw={draw} clientSession={clientSession} canDownloadWinners={canDownload} />
        {drawn && <WinnersModal draw={draw} opened={winnersOpen} onClose={() => setWinnersOpen(false)} reversePrizes={sharing && screenShare.winnerModalReversePrizes} hideColumns={hideColumns} />}
        {isError && (
          // A failed poll keeps the last answer on screen; say so rather than pretend it is live.
          <Text size="sm" c="gray.8" role="status">
            Could not refresh the draw just now; trying again.{' '}
            <Anchor component="button" type="button" onClick={() => void refetch()} underline="always" size="sm" disabled={isFetching}>
              Refresh now
            </Anchor>
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Container size="lg" px="md" py={{ base: 24, sm: 40 }} className={classes.page}>
      <Stack gap="md">
        {notices.map((notice) => (
          <Alert
            key={notice.key}
            variant="light"
            color="teal"
            role="status"
            c="teal.9"
            icon={<IconCircleCheck aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => dismiss(notice.key)}
          >
            {notice.message}
          </Alert>
        ))}
        {content}
      </Stack>
    </Container>
  );
}
