import { Text } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { zoneLabel } from '../draw-dates';
import classes from './draws.module.css';

/**
 * A draw time in the draw's own zone, with the zone beside it (DESIGN.md, "How the client looks and behaves"). The
 * date and the zone each stay whole, but may wrap apart at 360 px.
 */
export function DrawTime({ iso, zone, size = 'sm' }: { iso: string; zone: string; size?: 'xs' | 'sm' | 'md' }) {
  const { dateTime } = useDates();
  return (
    <Text component="span" size={size} className={classes.numeric}>
      <time dateTime={iso} className={classes.nowrap}>
        {dateTime(iso, zone)}
      </time>{' '}
      <Text component="span" size={size} c="gray.7" className={classes.nowrap}>
        ({zoneLabel(zone)})
      </Text>
    </Text>
  );
}
