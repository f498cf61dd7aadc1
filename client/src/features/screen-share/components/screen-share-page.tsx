import { Alert, Card, Container, List, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { screenShareTimeZone } from '../../../lib/screen-share/screen-share';
import { timeZones } from '../screen-share-clock';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';
import { ScreenShareClock } from './screen-share-clock';

/** /screensharemode/: what the mode hides, and its settings (kept in the screenshare cookie). */
export default function ScreenSharePage() {
  const { settings, update } = useScreenShare();
  const zone = screenShareTimeZone(settings);
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(zone) ? all : [zone, ...all];
  }, [zone]);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Screen-share mode</Title>
        <Text>
          Running a draw live on a video call, in a webinar or on a projector? Screen-share mode hides the private details of your draws while you present, so the audience sees a fair draw and nothing
          it should not.
        </Text>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="xs">
            While it is on
          </Title>
          <List spacing={4} size="sm">
            <List.Item>entry counts are hidden, unless you choose to show them below;</List.Item>
            <List.Item>values of columns marked sensitive in your entries file are hidden, and so are entrants’ e-mail addresses;</List.Item>
            <List.Item>the e-mail address of your account is not shown in the header;</List.Item>
            <List.Item>the wizard skips the account and payment steps, so no card or login details appear on screen;</List.Item>
            <List.Item>a clock shows the time, to the second, in the time zone you choose, so viewers can see when the draw ran.</List.Item>
          </List>
          <Text size="sm" c="dimmed" mt="xs">
            It switches off when you log in and when you start a demo draw. The settings stay in this browser only.
          </Text>
        </Card>

        <Stack gap="md" component="section" aria-labelledby="screen-share-settings">
          <Title order={2} size="h3" id="screen-share-settings">
            Settings
          </Title>
          <Switch size="md" label="Screen-share mode" checked={settings.enabled} onChange={(e) => update({ enabled: e.currentTarget.checked })} />
          <Switch label="Show entry counts" description="Off keeps the number of entries private." checked={settings.entryCount} onChange={(e) => update({ entryCount: e.currentTarget.checked })} />
          <Switch
            label="Privacy warnings"
            description="Warn before downloading files that hold entrants' details."
            checked={settings.privacyWarnings}
            onChange={(e) => update({ privacyWarnings: e.currentTarget.checked })}
          />
          <Switch label="Show the clock" checked={settings.time} onChange={(e) => update({ time: e.currentTarget.checked })} />
          <Select label="Clock time zone" searchable data={zones} value={zone} onChange={(value) => value && update({ timezone: value })} allowDeselect={false} maw={360} />
          <Text size="sm">
            Now: <ScreenShareClock timeZone={zone} />
          </Text>
          <Switch
            label="Winner announcement"
            description="Open the winners in a large window when a scheduled draw completes while you watch."
            checked={settings.winnerModal}
            onChange={(e) => update({ winnerModal: e.currentTarget.checked })}
          />
          <Switch
            label="Announce prizes in reverse order"
            description="Start with the last prize and finish with the first, like a countdown to the grand prize."
            checked={settings.winnerModalReversePrizes}
            disabled={!settings.winnerModal}
            onChange={(e) => update({ winnerModalReversePrizes: e.currentTarget.checked })}
          />
        </Stack>
        <Alert icon={<IconInfoCircle aria-hidden />} variant="light">
          Screen-share mode changes what this browser shows. The certificate and published winners pages are public by design and show exactly what you chose to publish.
        </Alert>
      </Stack>
    </Container>
  );
}
