import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import { IconScreenShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRouteLink } from '../../../lib/use-route-link';
import { screenShareTimeZone } from '../../../lib/screen-share/screen-share';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';
import { ScreenShareClock } from './screen-share-clock';

/** Shown on every page while screen-share mode is on: the clock, and a way out. */
export function ScreenShareBar() {
  const { settings, sharing, update } = useScreenShare();
  const link = useRouteLink();
  if (!sharing) return null;
  return (
    <Container size="lg" py={6} role="region" aria-label="Screen-share mode" bg="brand.0">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <IconScreenShare size={18} aria-hidden />
          <Text size="sm" fw={600}>
            Screen-share mode: private details hidden
          </Text>
          {settings.time && <ScreenShareClock timeZone={screenShareTimeZone(settings)} />}
        </Group>
        <Group gap="xs">
          <Anchor component={Link} to={link('screenShareMode')} size="sm" underline="always">
            Settings
          </Anchor>
          <Button size="compact-sm" variant="default" onClick={() => update({ enabled: false })}>
            Turn off
          </Button>
        </Group>
      </Group>
    </Container>
  );
}
