import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { beaconName } from '../../../../../libs/rng/src/beacon-statement';
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
 * What lets anyone check the draw: the commitment published before it (SHA-256 of the server seed) and the beacon
 * round fixed with its time; after it the server seed, the round's signature and randomness, the seed, the entries
 * file's SHA-256 and the engine version. How to verify with them comes with the certificate page.
 */
export function VerificationPanel({ draw }: { draw: DrawResponseDto }) {
  const drawn = 'Published when the draw is done.';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="verification-title">
      <Stack gap="sm">
        <Title order={2} fz="xl" id="verification-title">
          Verification
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, md: 2 }} spacing="md" m={0}>
          {draw.beacon ? (
            <>
              <Value label="Server seed commitment (SHA-256, published before the draw)" value={draw.seedHash} pending="Not available" />
              <Value label={`Beacon round (${beaconName(draw.beacon)})`} value={`${draw.beacon.round}, at ${new Date(draw.beacon.roundTime).toISOString()}`} pending="" />
              <Value label="Beacon chain" value={draw.beacon.chainHash} pending="" />
              <Value label="Beacon randomness" value={draw.beacon.randomness} pending={drawn} />
              <Value label="Server seed" value={draw.serverSeed} pending={drawn} />
              <Value label="Seed (server seed + beacon randomness)" value={draw.seed} pending={drawn} />
            </>
          ) : (
            <>
              <Value label="Seed hash (SHA-256, published before the draw)" value={draw.seedHash} pending="Not available" />
              <Value label="Seed (published once drawn)" value={draw.seed} pending={drawn} />
            </>
          )}
          {/* Numbered entries have no file to hash: a drawn numbered draw says so instead of promising a value (issue 27). */}
          <Value label="Entries SHA-256" value={draw.entriesSha256} pending={draw.entryMethod === 'simple' && draw.isDrawn ? 'None: the entries are numbered, there is no entries file.' : drawn} />
          <Value label="Draw engine version" value={draw.engineVersion} pending={drawn} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
