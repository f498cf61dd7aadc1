import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useGetAdminStatisticsQuery, type StatisticsResponseDto } from '../../../api/admin-api';
import { STATISTICS_REFRESH_MS } from '../admin-rules';

const CURRENCIES = ['USD', 'AUD', 'CAD', 'NZD', 'GBP'] as const;
const CURRENCY_COLOURS: Record<(typeof CURRENCIES)[number], string> = { USD: 'brand.7', AUD: 'teal.8', CAD: 'red.8', NZD: 'grape.8', GBP: 'orange.8' };

const count = (value: number) => new Intl.NumberFormat().format(value);
const money = (minor: number, currency: string) => new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 100);
const shortDay = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

function Figure({ label, value, testId }: { label: string; value: string | undefined; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="gray.8">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={30} w={60} mt={4} />
      ) : (
        <Text fz={24} fw={800} data-testid={testId}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/** The statistics of part 2 §3, asked for again every 5 s (§9), with the last 30 days as charts. */
export function StatisticsPanel() {
  const { data, isError } = useGetAdminStatisticsQuery(undefined, { pollingInterval: STATISTICS_REFRESH_MS, refetchOnMountOrArgChange: true });
  return (
    <Stack gap="md" component="section" aria-labelledby="admin-statistics-title">
      <Title order={2} fz="xl" id="admin-statistics-title">
        Statistics
      </Title>
      {isError && (
        <Alert color="red" variant="light" role="alert">
          The statistics could not be refreshed{data ? '; the figures below are the last ones received.' : '.'} They are asked for again every 5 seconds.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {(data?.summary ?? Array.from({ length: 6 }, (_, index) => ({ key: `loading-${index}`, label: '\u00a0', value: undefined }))).map((entry) => (
          <Figure key={entry.key} label={entry.label} value={entry.value === undefined ? undefined : count(entry.value)} testId={`summary-${entry.key}`} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Completed draws" value={data && count(data.completedDraws)} testId="completed-draws" />
        <Figure label="Scheduled draws" value={data && count(data.scheduledDraws)} testId="scheduled-draws" />
        <Figure label="Published draws" value={data && count(data.publishedDraws)} testId="published-draws" />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="gray.8" mb={6} id="active-users-title">
          Signed in now {data && `(${data.activeUserNames.length})`}
        </Text>
        {data ? (
          data.activeUserNames.length ? (
            <Group gap={6} component="ul" aria-labelledby="active-users-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.activeUserNames.map((name) => (
                <li key={name}>
                  <Badge variant="light" color="gray" tt="none" c="gray.9">
                    {name}
                  </Badge>
                </li>
              ))}
            </Group>
          ) : (
            <Text size="sm">Nobody is signed in.</Text>
          )
        ) : (
          <Skeleton h={22} />
        )}
      </Paper>
      {data && <Charts data={data} />}
    </Stack>
  );
}

function Charts({ data }: { data: StatisticsResponseDto }) {
  const draws = data.drawsOverTime.map((day) => ({ day: shortDay(day.date), Created: day.created, Drawn: day.completed }));
  const sold = CURRENCIES.filter((currency) => data.revenueOverTime.some((day) => day[currency] > 0));
  const revenue = data.revenueOverTime.map((day) => ({ day: shortDay(day.date), ...Object.fromEntries(sold.map((currency) => [currency, day[currency] / 100])) }));
  const totalCreated = data.drawsOverTime.reduce((sum, day) => sum + day.created, 0);
  const totalDrawn = data.drawsOverTime.reduce((sum, day) => sum + day.completed, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" component="figure" m={0} miw={0} style={{ overflow: 'hidden' }} aria-labelledby="draws-chart-title">
        <Text fw={700} id="draws-chart-title">
          Draws, last 30 days
        </Text>
        <Text size="sm" c="gray.8" mb="sm">
          {count(totalCreated)} created, {count(totalDrawn)} drawn
        </Text>
        <BarChart
          h={220}
          data={draws}
          dataKey="day"
          series={[
            { name: 'Created', color: 'brand.7' },
            { name: 'Drawn', color: 'teal.8' },
          ]}
          withLegend
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          yAxisProps={{ allowDecimals: false, width: 32 }}
        />
      </Paper>
      <Paper withBorder radius="md" p="md" component="figure" m={0} miw={0} style={{ overflow: 'hidden' }} aria-labelledby="revenue-chart-title">
        <Text fw={700} id="revenue-chart-title">
          Revenue, last 30 days
        </Text>
        <Text size="sm" c="gray.8" mb="sm">
          {data.revenue.length ? `All time: ${data.revenue.map((entry) => money(entry.amount, entry.currency)).join(', ')}` : 'No sales yet.'}
        </Text>
        {sold.length ? (
          <LineChart
            h={220}
            data={revenue}
            dataKey="day"
            series={sold.map((currency) => ({ name: currency, color: CURRENCY_COLOURS[currency] }))}
            withLegend
            curveType="linear"
            tickLine="y"
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ width: 48 }}
          />
        ) : (
          <Text size="sm">No sales in the last 30 days.</Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
