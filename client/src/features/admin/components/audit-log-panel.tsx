import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useGetAuditLogQuery } from '../../../api/admin-api';
import { formatAdminDate } from '../admin-rules';

const ACTIONS: Record<string, string> = {
  addCreditPack: 'Added credits',
  deleteCreditPack: 'Deleted a credit pack',
  changeEmail: 'Changed the e-mail',
  setApiEnabled: 'Changed API access',
  getCreditsData: 'Viewed the credits',
  getEmailHistory: 'Viewed the e-mail history',
};

function describe(action: string, detail: Record<string, unknown>): string {
  // '1 credit', '2 credits' (issue 27).
  const credits = (kind: string) => `${String(detail.credits)}${kind} credit${Number(detail.credits) === 1 ? '' : 's'}`;
  if (action === 'addCreditPack')
    return `${credits(detail.isTrialPack ? ' trial' : '')}, expiring ${formatAdminDate(String(detail.expiryDate))}${detail.updateAllExpiries ? ', every pack moved to it' : ''}`;
  if (action === 'deleteCreditPack') return credits('');
  if (action === 'changeEmail') return `${String(detail.from)} → ${String(detail.to)}`;
  if (action === 'setApiEnabled') {
    if (detail.apiEnabled) return 'Granted';
    // Rows written before switching off revoked the keys have no count.
    return typeof detail.revokedKeys === 'number' ? `Revoked, with ${detail.revokedKeys} key${detail.revokedKeys === 1 ? '' : 's'}` : 'Revoked';
  }
  return '';
}

/** The audit log's latest entries: who did what, when (refreshed after each action of this console). */
export function AuditLogPanel() {
  const { data, isLoading } = useGetAuditLogQuery({}, { refetchOnMountOrArgChange: true });
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-audit-title">
      <Title order={2} fz="xl" id="admin-audit-title">
        Recent administrator actions
      </Title>
      <Paper withBorder radius="md">
        {isLoading ? (
          <Skeleton h={60} />
        ) : data && data.length > 0 ? (
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label="Recent administrator actions, scrollable">
            <Table verticalSpacing={4} aria-labelledby="admin-audit-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Administrator</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-row">
                    <Table.Td>{formatAdminDate(entry.at, true)}</Table.Td>
                    <Table.Td>{entry.adminEmail}</Table.Td>
                    <Table.Td>{ACTIONS[entry.action] ?? entry.action}</Table.Td>
                    <Table.Td>{describe(entry.action, entry.detail)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" p="md">
            No administrator action yet.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
