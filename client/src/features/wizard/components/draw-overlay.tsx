import { Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import classes from './wizard.module.css';

/** The drawing overlay of part 1 §4: 'Performing draw', then 'Draw complete!'. */
export function DrawOverlay({ phase }: { phase: 'drawing' | 'complete' }) {
  return (
    <div className={classes.overlay} role="status" aria-live="assertive">
      <Stack align="center" gap="md">
        {phase === 'drawing' ? (
          <Loader size="xl" aria-hidden />
        ) : (
          <ThemeIcon size={64} radius="xl" color="teal.8" aria-hidden>
            <IconCircleCheck size={40} />
          </ThemeIcon>
        )}
        <Text fz={28} fw={800}>
          {phase === 'drawing' ? 'Performing draw' : 'Draw complete!'}
        </Text>
      </Stack>
    </div>
  );
}
