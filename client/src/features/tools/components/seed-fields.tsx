import { Radio, Stack, TextInput } from '@mantine/core';
import type { SeedMode } from '../generator-form';
import { SEED_MAX_LENGTH, SEED_MIN_LENGTH } from '../../../../../libs/rules/src/index';

interface SeedFieldsProps {
  mode: SeedMode;
  seed: string;
  error?: string;
  onModeChange: (mode: SeedMode) => void;
  onSeedChange: (seed: string) => void;
}

/** Where the seed comes from: a fresh quantum seed for each run (the default), or the visitor's own. */
export function SeedFields({ mode, seed, error, onModeChange, onSeedChange }: SeedFieldsProps) {
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Seed"
        description="The same seed and options always give the same numbers."
        value={mode}
        onChange={(value) => onModeChange(value as SeedMode)}
        error={mode === 'quantum' ? error : undefined}
      >
        <Stack gap={6} mt={8}>
          <Radio value="quantum" label="A new quantum random seed for each run" />
          <Radio value="own" label="My own seed, to repeat or verify a result" />
        </Stack>
      </Radio.Group>
      {mode === 'own' && (
        <TextInput
          label="Your seed"
          description={`${SEED_MIN_LENGTH} to ${SEED_MAX_LENGTH} characters`}
          value={seed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onSeedChange(event.currentTarget.value)}
          error={error}
        />
      )}
    </Stack>
  );
}
