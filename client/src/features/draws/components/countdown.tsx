import { Group, Loader, Text } from '@mantine/core';
import { describeCountdown, formatCountdown } from '../../../lib/draws/draw-timing';
import classes from './draws.module.css';

/**
 * The time left before a scheduled draw, then 'Drawing...' once it is due (part 2 §4) until the draw's next answer
 * says it is drawn. The text changes every second, so it is not a live region (a screen reader would read it
 * every second); its label says the same in words.
 */
export function Countdown({ msUntil, size = 'sm' }: { msUntil: number; size?: 'sm' | 'md' }) {
  if (msUntil <= 0) {
    return (
      <Group gap={6} wrap="nowrap" component="span">
        <Loader size={size === 'md' ? 16 : 12} aria-hidden />
        <Text component="span" size={size} fw={700}>
          Drawing...
        </Text>
      </Group>
    );
  }
  return (
    <Text component="span" size={size} className={classes.countdown} title={`Draws in ${describeCountdown(msUntil)}`}>
      {formatCountdown(msUntil)}
    </Text>
  );
}
