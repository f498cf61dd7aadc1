import { Anchor, Code, Container, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { decodeEntry } from '../../../../../libs/transparency-log/src/entries';
import { useGetDrawLogEntriesQuery, useGetDrawLogHeadQuery, useGetDrawLogKeyQuery } from '../../../api/draw-log-api';

/** Entries shown: the newest ones. */
const LATEST = 20;

/** /log/ (public): the draw log's signed head, its latest entries and how to watch it (issue 29). */
export default function DrawLogPage() {
  const head = useGetDrawLogHeadQuery();
  const key = useGetDrawLogKeyQuery();
  const size = head.data?.treeSize ?? 0;
  const entries = useGetDrawLogEntriesQuery({ start: Math.max(0, size - LATEST), end: size }, { skip: !head.data });
  const latest = [...(entries.data?.entries ?? [])].reverse();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Public draw log</Title>
        <Text>
          Every draw’s commitment, every move, cancellation, result and publication is appended to this log when it happens, and never changed. Anyone can check that a draw was not quietly re-run,
          moved or deleted, and that the log only grows. An entry holds ids and digests only.
        </Text>
        <Paper withBorder p="md" component="section" aria-labelledby="head-title">
          <Title order={2} fz="lg" id="head-title">
            Signed tree head
          </Title>
          {head.data ? (
            <Stack gap={4} mt="sm" data-testid="log-head">
              <Text>
                Entries: <strong>{head.data.treeSize}</strong>, signed {head.data.timestamp}
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>
                Root hash: <Code>{head.data.rootHash}</Code>
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>
                Signature (Ed25519): <Code>{head.data.signature}</Code>
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>
                Public key: <Code>{key.data?.publicKey ?? '…'}</Code>
              </Text>
            </Stack>
          ) : (
            <Loader size="sm" aria-label="Loading the head" />
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="entries-title">
          <Title order={2} fz="lg" id="entries-title">
            Latest entries
          </Title>
          <Table mt="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Position</Table.Th>
                <Table.Th scope="col">Change</Table.Th>
                <Table.Th scope="col">Draw</Table.Th>
                <Table.Th scope="col">When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {latest.map(({ index, entry }) => {
                const decoded = decodeEntry(entry);
                return (
                  <Table.Tr key={index}>
                    <Table.Td>#{index}</Table.Td>
                    <Table.Td>{decoded?.kind ?? 'unreadable'}</Table.Td>
                    <Table.Td>
                      {decoded && decoded.kind === 'committed' ? <Anchor href={`/cert/${decoded.shortCode}/`}>{decoded.shortCode}</Anchor> : <Code>{decoded?.drawId.slice(24)}</Code>}
                    </Table.Td>
                    <Table.Td>{decoded?.at}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="monitor-title">
          <Title order={2} fz="lg" id="monitor-title">
            How to monitor the log
          </Title>
          <Text mt="sm">Run the monitor from the FairDraw sources; it checks each new head against the last one it saw with a consistency proof, and exits with an error on a fork or a rewrite:</Text>
          <Code block mt="sm">
            npm run log:monitor -- --url {typeof window === 'undefined' ? 'https://this-site' : window.location.origin}
          </Code>
          <Text mt="sm">
            The routes (documented in the API reference and in docs/verification.md): <Code>/api/log/head</Code>, <Code>/api/log/key</Code>, <Code>/api/log/entries?start=&amp;end=</Code>,{' '}
            <Code>/api/log/proof/inclusion?index=&amp;treeSize=</Code>, <Code>/api/log/proof/consistency?first=&amp;second=</Code>. A certificate names its draw’s positions and carries their proofs;
            its check verifies them.
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
