import { Badge } from '@mantine/core';
import { type DrawState, isDrawState, STATE_BADGES } from '../draw-state';

/** A draw's state as a filled badge (white on a dark shade, so it keeps 4.5:1). */
export function DrawStateBadge({ state, size = 'md' }: { state: string; size?: 'sm' | 'md' | 'lg' }) {
  const known: DrawState = isDrawState(state) ? state : 'error';
  const badge = STATE_BADGES[known];
  return (
    <Badge color={badge.color} variant="filled" size={size} radius="sm">
      {badge.label}
    </Badge>
  );
}
