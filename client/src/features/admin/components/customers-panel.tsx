import { Alert, Anchor, Badge, Button, Group, Loader, Pagination, Paper, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { type CustomerDto, useGetCustomersQuery, useSetApiEnabledMutation } from '../../../api/admin-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { BusySwitch } from '../../../shared/busy/busy-switch';
import { CUSTOMERS_PAGE_SIZE, CUSTOMERS_REFRESH_MS, formatAdminDate, LOADER_DELAY_MS, SEARCH_DEBOUNCE_MS } from '../admin-rules';
import { useDelayedFlag } from '../use-delayed-flag';

type SortColumn = 'email' | 'emailName' | 'lastPurchased' | 'lastUsed';

const COLUMNS: { key: SortColumn; label: string }[] = [
  { key: 'email', label: 'E-mail' },
  { key: 'emailName', label: 'Name' },
  { key: 'lastPurchased', label: 'Last purchased' },
  { key: 'lastUsed', label: 'Last used' },
];

export interface CustomerActions {
  onCredits(customer: CustomerDto): void;
  onChangeEmail(customer: CustomerDto): void;
}

/** The customer list (part 2 §2, §9): 10 a page, search debounced 700 ms, refreshed every 10 s, loader after 300 ms. */
export function CustomersPanel({ onCredits, onChangeEmail }: CustomerActions) {
  const [search, setSearch] = useState('');
  const [searchEmail] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ column: SortColumn; descending: boolean }>({ column: 'email', descending: false });
  const { data, isFetching, isError, refetch } = useGetCustomersQuery(
    { searchEmail: searchEmail || undefined, page, sortColumn: sort.column, sortDescending: sort.descending },
    { pollingInterval: CUSTOMERS_REFRESH_MS, refetchOnMountOrArgChange: true },
  );
  const loading = useDelayedFlag(isFetching, LOADER_DELAY_MS);
  const pages = data ? Math.max(1, Math.ceil(data.total / CUSTOMERS_PAGE_SIZE)) : 1;

  const sortBy = (column: SortColumn) => {
    setSort((current) => ({ column, descending: current.column === column ? !current.descending : column === 'lastPurchased' || column === 'lastUsed' }));
    setPage(1);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-customers-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="xl" id="admin-customers-title">
          Customers
        </Title>
        <TextInput
          label="Search by e-mail"
          placeholder="Part of an address"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 320 }}
          rightSection={loading ? <Loader size={16} aria-label="Loading customers" /> : null}
        />
      </Group>
      {isError && (
        <Alert color="red" variant="light" role="alert" title="The customers could not be loaded">
          <Button size="xs" variant="white" color="red.9" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      <Paper withBorder radius="md" pos="relative" aria-busy={loading}>
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby="admin-customers-title">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column.key} aria-sort={sort.column === column.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                    <UnstyledButton onClick={() => sortBy(column.key)} fw={700} fz="sm">
                      {column.label}
                      {sort.column === column.key ? (sort.descending ? ' ↓' : ' ↑') : ''}
                    </UnstyledButton>
                  </Table.Th>
                ))}
                <Table.Th>Unused credits</Table.Th>
                <Table.Th>API access</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.customers.map((customer) => (
                <CustomerRow key={customer.userId} customer={customer} onCredits={onCredits} onChangeEmail={onChangeEmail} />
              ))}
              {data && data.customers.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" py="sm">
                      {searchEmail ? `No customer's e-mail contains “${searchEmail}”.` : 'No customers yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="gray.8" aria-live="polite">
          {data ? `${new Intl.NumberFormat().format(data.total)} customer${data.total === 1 ? '' : 's'}` : 'Loading customers…'}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>
    </Stack>
  );
}

function CustomerRow({ customer, onCredits, onChangeEmail }: { customer: CustomerDto } & CustomerActions) {
  const link = useRouteLink();
  const [setApiEnabled, { isLoading }] = useSetApiEnabledMutation();
  const toggleApi = async (apiEnabled: boolean) => {
    const result = await setApiEnabled({ setApiEnabledRequestDto: { userId: customer.userId, apiEnabled } });
    if (!result.error)
      notifySuccess(
        apiEnabled ? 'API access granted' : 'API access revoked',
        `${customer.email} ${apiEnabled ? 'can now use API keys.' : 'can no longer use API keys; their keys are revoked, and new ones are needed if access is granted again.'}`,
      );
  };
  return (
    <Table.Tr data-testid="customer-row">
      <Table.Td>
        <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
          {customer.email}
        </Text>
        {customer.isAdmin && (
          <Badge size="xs" variant="light" color="gray" c="gray.9">
            Administrator
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{customer.emailName || '—'}</Table.Td>
      <Table.Td>{formatAdminDate(customer.lastPurchased)}</Table.Td>
      <Table.Td>{formatAdminDate(customer.lastUsed)}</Table.Td>
      <Table.Td>{customer.unusedCredits}</Table.Td>
      <Table.Td>
        <BusySwitch checked={customer.apiEnabled} busy={isLoading} onChange={(event) => void toggleApi(event.currentTarget.checked)} aria-label={`API access for ${customer.email}`} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => onCredits(customer)} aria-label={`Credits of ${customer.email}`}>
            Credits
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => onChangeEmail(customer)} aria-label={`Change e-mail of ${customer.email}`}>
            Change e-mail
          </Button>
          <Anchor component={Link} to={link('draws', { query: { user_id: customer.userId } })} size="sm" aria-label={`Draws of ${customer.email}`}>
            Draws
          </Anchor>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
