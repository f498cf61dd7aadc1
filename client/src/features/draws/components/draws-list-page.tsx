import { Alert, Button, Container, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type DrawListItemDto, useGetDrawsQuery } from '../../../api/draws-api';
import { useAppSelector } from '../../../lib/hooks';
import { PARAM_PATTERNS } from '../../../lib/routes';
import { useRouteLink } from '../../../lib/use-route-link';
import { selectUser } from '../../../lib/session/session-slice';
import { isDrawErrorState, listNotice, wantsDrawError } from '../draw-notices';
import { DRAW_POLL_MS, dueAtLocal, isDrawing } from '../../../lib/draws/draw-timing';
import { isDrawState } from '../../../lib/draws/draw-state';
import { defaultListConfig, isFiltered, type ListConfig, listArgs, pageCount, readListConfigCookie, writeListConfigCookie } from '../list-config';
import { useNow } from '../../../lib/draws/use-now';
import { DraftModal, type DrawErrorDetails, DrawErrorModal } from './draw-list-modals';
import { DrawListFilters } from './draw-list-filters';
import { DrawListResults, type ListedDraw } from './draw-list-results';
import classes from './draws.module.css';
import { BusyButton } from '../../../shared/busy/busy-button';

/** /draws/ (private; query cancelled, draw_error, user_id): part 2 §2 Draw list. */
export default function DrawsListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const link = useRouteLink();
  const user = useAppSelector(selectUser);
  const apiAccess = !!user && (user.apiEnabled || user.isAdmin);
  // Part 2 §2: an administrator may look at another user's list; anyone else's user_id is ignored (as the server does).
  const requestedUser = searchParams.get('user_id');
  const userId = user?.isAdmin && requestedUser && PARAM_PATTERNS.drawId.test(requestedUser) ? requestedUser : undefined;

  const [config, setConfig] = useState<ListConfig>(readListConfigCookie);
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<DrawListItemDto | null>(null);
  const handedError = isDrawErrorState(location.state) ? location.state.drawError : null;
  const [errorDraw, setErrorDraw] = useState<DrawErrorDetails | null>(handedError);
  const [errorOpen, setErrorOpen] = useState(() => wantsDrawError(searchParams));
  const notice = listNotice(searchParams);

  const { args, nothingChosen } = listArgs(config, { page, apiAccess, userId });
  const [polling, setPolling] = useState(0);
  const { data, isLoading, isError, isFetching, refetch, fulfilledTimeStamp } = useGetDrawsQuery(args ?? { page: 1 }, {
    skip: !args,
    pollingInterval: polling,
    // The list is live (countdowns, draws being drawn): opening it always asks again.
    refetchOnMountOrArgChange: true,
  });

  const due = useMemo(() => (data?.draws ?? []).map((draw) => ({ draw, dueAt: dueAtLocal(draw.secondsTilRelevantDate, fulfilledTimeStamp ?? Date.now()) })), [data, fulfilledTimeStamp]);
  const hasScheduled = due.some((item) => item.draw.state === 'scheduled');
  const now = useNow(hasScheduled);
  const timed: ListedDraw[] = due.map(({ draw, dueAt }) => ({ draw, msUntil: dueAt - now }));
  const anyDrawing = timed.some((item) => isDrawState(item.draw.state) && isDrawing(item.draw.state, item.msUntil));

  // Part 2 §4: a draw whose time has passed is asked for every 3 s until it is drawn.
  useEffect(() => setPolling(anyDrawing ? DRAW_POLL_MS : 0), [anyDrawing]);

  const total = data?.total ?? 0;
  const pages = pageCount(total, config.count);
  // A page beyond the end (draws cancelled or filtered away meanwhile) steps back to the last one.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  const change = (next: ListConfig) => {
    setConfig(next);
    setPage(1);
    writeListConfigCookie(next);
  };

  const open = (draw: DrawListItemDto) => {
    if (draw.state === 'draft') setDraft(draw);
    else if (draw.state === 'error') {
      setErrorDraw({ name: draw.name, displayId: draw.displayId, errorMessage: draw.errorMessage });
      setErrorOpen(true);
    } else if (draw.state !== 'cancelled') void navigate(link('drawDetail', { params: { id: draw.id } }));
  };

  const closeError = () => {
    setErrorOpen(false);
    // The query has done its work; a reload should not open the modal again.
    if (wantsDrawError(searchParams)) {
      const next = new URLSearchParams(searchParams);
      next.delete('draw_error');
      setSearchParams(next, { replace: true });
    }
  };

  const dismissNotice = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('cancelled');
    setSearchParams(next, { replace: true });
  };

  let body;
  if (nothingChosen) {
    body = (
      <EmptyState title={nothingChosen === 'source' ? 'Choose where the draws were made' : 'Choose at least one status'}>
        <Text c="gray.8">Tick at least one {nothingChosen === 'source' ? 'of the sources' : 'status'} above to see your draws.</Text>
        <Button variant="light" w="fit-content" onClick={() => change(defaultListConfig())}>
          Reset the filters
        </Button>
      </EmptyState>
    );
  } else if (isError && !data) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Your draws could not be loaded" icon={<IconAlertCircle aria-hidden />}>
        <BusyButton size="xs" variant="white" color="red.9" onClick={() => void refetch()} loading={isFetching}>
          Try again
        </BusyButton>
      </Alert>
    );
  } else if (isLoading || !data) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading your draws">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} h={44} />
        ))}
      </Stack>
    );
  } else if (total === 0 && isFiltered(config, apiAccess)) {
    body = (
      <EmptyState title="No draws match these filters">
        <Text c="gray.8">Change the filters above, or show every draw again.</Text>
        <Button variant="light" w="fit-content" onClick={() => change({ ...defaultListConfig(), sortField: config.sortField, descending: config.descending, count: config.count })}>
          Reset the filters
        </Button>
      </EmptyState>
    );
  } else if (total === 0) {
    body = (
      <EmptyState title={userId ? 'This customer has no draws yet' : 'You have no draws yet'}>
        <Text c="gray.8">Set up a draw in a few steps: name it, add the entries and prizes, and draw now or at a time you choose.</Text>
        <Button component={Link} to={link('home')} leftSection={<IconPlus size={18} aria-hidden />} w="fit-content">
          Set up a draw
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="md">
        <DrawListResults items={timed} onOpen={open} busy={isFetching && !polling} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="gray.8" className={classes.tabular}>
            {countLine(page, config.count, data.draws.length, total)}
          </Text>
          {pages > 1 && (
            <nav aria-label="Draw list pages">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control === 'first' ? 'First page' : 'Last page' })}
              />
            </nav>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Container size="lg" px="md" py={{ base: 24, sm: 40 }} className={classes.page}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Title order={1}>Your draws</Title>
            <Text c="gray.8">{userId ? 'You are viewing another customer’s draws.' : 'Every draw you have created, scheduled or run.'}</Text>
          </Stack>
          <Button component={Link} to={link('home')} variant="light" leftSection={<IconPlus size={18} aria-hidden />}>
            New draw
          </Button>
        </Group>
        {notice && (
          <Alert variant="light" color="teal" role="status" icon={<IconCircleCheck aria-hidden />} withCloseButton closeButtonLabel="Dismiss" onClose={dismissNotice} c="teal.9">
            {notice.message}
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Filters">
          <DrawListFilters config={config} apiAccess={apiAccess} onChange={change} />
        </Paper>
        {body}
      </Stack>
      <DraftModal draft={draft} onClose={() => setDraft(null)} />
      <DrawErrorModal opened={errorOpen} draw={errorDraw} onClose={closeError} />
    </Container>
  );
}

function countLine(page: number, count: number, shown: number, total: number): string {
  const format = new Intl.NumberFormat();
  const first = (page - 1) * count + 1;
  if (shown === 0) return `${format.format(total)} ${total === 1 ? 'draw' : 'draws'}`;
  return `${format.format(first)}–${format.format(first + shown - 1)} of ${format.format(total)} ${total === 1 ? 'draw' : 'draws'}`;
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="xl">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
