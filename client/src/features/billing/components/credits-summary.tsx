import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useGetCreditsDataQuery } from '../../../api/billing-api';
import { useDates } from '../../../lib/use-dates';
import { BusyButton } from '../../../shared/busy/busy-button';

/** Unused credits and when the latest expire (part 2 §3 "Credits data"). */
export function CreditsSummary({ action }: { action?: ReactNode }) {
  const { date: formatBillingDate } = useDates();
  const { data, isLoading, isError, refetch, isFetching } = useGetCreditsDataQuery();
  if (isError && !data) {
    return (
      <Alert color="red" variant="light" title="Your credits could not be loaded" role="alert">
        <BusyButton size="xs" variant="white" color="red.9" onClick={() => void refetch()} loading={isFetching}>
          Try again
        </BusyButton>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="credits-summary-title">
      <Group justify="space-between" gap="sm" mb="xs">
        <Title order={2} fz="xl" id="credits-summary-title">
          Your credits
        </Title>
        {action}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: data?.latestTrialExpiry ? 3 : 2 }} spacing="md">
        <Stack gap={0}>
          <Text size="sm" c="gray.8">
            Unused credits
          </Text>
          {isLoading || !data ? (
            <Skeleton h={32} w={60} />
          ) : (
            <Text fz={26} fw={800} data-testid="unused-credits">
              {data.unusedCredits}
            </Text>
          )}
        </Stack>
        <Stack gap={0}>
          <Text size="sm" c="gray.8">
            Latest expiry
          </Text>
          {isLoading || !data ? (
            <Skeleton h={32} w={120} />
          ) : (
            <Text fz="lg" fw={600} lh="32px">
              {data.latestExpiry && data.unusedCredits > 0 ? formatBillingDate(data.latestExpiry) : 'No credits to expire'}
            </Text>
          )}
        </Stack>
        {data?.latestTrialExpiry && (
          <Stack gap={0}>
            <Text size="sm" c="gray.8">
              Trial credits expire
            </Text>
            <Text fz="lg" fw={600} lh="32px">
              {formatBillingDate(data.latestTrialExpiry)}
            </Text>
          </Stack>
        )}
      </SimpleGrid>
    </Paper>
  );
}
