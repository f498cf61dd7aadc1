import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DrawResponseDto } from '../../../api/draws-api';
import classes from './draws.module.css';

function Value({ label, value, pending }: { label: string; value: string | null; pending: string }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} className={value ? classes.hash : undefined} c={value ? undefined : 'gray.8'} size="sm">
        {value ?? pending}
      </Text>
    </Stack>
  );
}

/**
 * What lets anyone check the draw (DESIGN.md: the seed's SHA-256 is published before the draw, the seed after it,
 * with the entries file's SHA-256 and the engine version). How to verify with them comes with the certificate page.
 */
export function VerificationPanel({ draw }: { draw: DrawResponseDto }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="verification-title">
      <Stack gap="sm">
        <Title order={2} fz="xl" id="verification-title">
          Verification
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, md: 2 }} spacing="md" m={0}>
          <Value label="Seed hash (SHA-256, published before the draw)" value={draw.seedHash} pending="Not available" />
          <Value label="Seed (published once drawn)" value={draw.seed} pending="Published when the draw is done." />
          <Value label="Entries SHA-256" value={draw.entriesSha256} pending="Published when the draw is done." />
          <Value label="Draw engine version" value={draw.engineVersion} pending="Published when the draw is done." />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
