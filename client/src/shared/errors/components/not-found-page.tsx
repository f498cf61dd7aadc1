import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteLink } from '../../../lib/use-route-link';

export default function NotFoundPage() {
  const link = useRouteLink();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fw={800} fz={64} c="brand.7" aria-hidden>
          404
        </Text>
        <Title order={1}>This page does not exist</Title>
        <Text c="dimmed">The link may be out of date, or the address mistyped. Looking for a draw? Look it up by its id.</Text>
        <Group justify="center">
          <Button component={Link} to={link('home')}>
            Go to the home page
          </Button>
          <Button component={Link} to={link('lookup')} variant="default">
            Look up a draw
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
