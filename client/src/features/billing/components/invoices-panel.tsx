import { Alert, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type InvoiceDto, useGetInvoicesQuery } from '../../../api/billing-api';
import { formatMoney } from '../../../lib/site/currency';
import { useDates } from '../../../lib/use-dates';
import classes from './billing.module.css';
import { BusyButton } from '../../../shared/busy/busy-button';

/** Part 1 §9 / part 2 §9: invoices page size 10; the invoice download spinner turns for 5 s. */
const INVOICES_PAGE_SIZE = 10;
const DOWNLOAD_SPINNER_MS = 5000;

/**
 * The PDF comes from the download route (`/download/invoice/{id}`) as an attachment, so the page stays; the
 * spinner tells the visitor the file is on its way, and keeps a second click from fetching it again meanwhile.
 */
function DownloadInvoiceButton({ invoice }: { invoice: InvoiceDto }) {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setBusy(false), DOWNLOAD_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <BusyButton
      component="a"
      href={`/download/invoice/${encodeURIComponent(invoice.id)}`}
      download
      size="xs"
      variant="light"
      loading={busy}
      onClick={() => setBusy(true)}
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`Download invoice ${invoice.invoiceNumber} (PDF)`}
    >
      PDF
    </BusyButton>
  );
}

/** The account's invoices, newest first, ten a page, each downloadable as a PDF. */
export function InvoicesPanel() {
  const { date: formatBillingDate } = useDates();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useGetInvoicesQuery({ page, count: INVOICES_PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / INVOICES_PAGE_SIZE)) : 1;

  let body;
  if (isError && !data) {
    body = (
      <Alert color="red" variant="light" title="Your invoices could not be loaded" role="alert">
        <BusyButton size="xs" variant="white" color="red.9" onClick={() => void refetch()} loading={isFetching}>
          Try again
        </BusyButton>
      </Alert>
    );
  } else if (isLoading || !data) {
    body = (
      <Stack gap="xs">
        <Skeleton h={28} />
        <Skeleton h={28} />
        <Skeleton h={28} />
      </Stack>
    );
  } else if (data.total === 0) {
    body = <Text c="gray.8">No invoices yet. Each purchase of credits or of a draw adds its invoice here.</Text>;
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover verticalSpacing="xs" style={{ opacity: isFetching ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Download</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td fw={600}>{invoice.invoiceNumber}</Table.Td>
                  <Table.Td className={classes.amount}>{formatBillingDate(invoice.dateCreated)}</Table.Td>
                  <Table.Td>{invoice.description}</Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {formatMoney(invoice.amount, invoice.currency)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <DownloadInvoiceButton invoice={invoice} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 && (
          <Group component="nav" aria-label="Invoice pages" justify="center">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="invoices-title">
      <Stack gap="sm">
        <Title order={2} fz="xl" id="invoices-title">
          Invoices
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
