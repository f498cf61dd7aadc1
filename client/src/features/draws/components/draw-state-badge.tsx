import { Badge } from '@mantine/core';
import { type DrawState, isDrawState, STATE_BADGES } from '../../../lib/draws/draw-state';

/** A draw's state as a filled badge (white on a dark shade, so it keeps 4.5:1). */
export function DrawStateBadge({ state, size = 'md' }: { state: string; size?: 'sm' | 'md' | 'lg' }) {
  const known: DrawState = isDrawState(state) ? state : 'error';
  const badge = STATE_BADGES[known];
  return (
    // Never narrower than its label: Mantine lets a badge shrink with a narrow table column and cuts the label off.
    <Badge color={badge.color} variant="filled" size={size} radius="sm" miw="max-content">
      {badge.label}
    </Badge>
  );
}
