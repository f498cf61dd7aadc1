import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentRoute } from '../../../app/route-handle';
import { useRouteLink } from '../../../app/use-route-link';

/** Screens whose feature is not released yet say what they will offer and where to go meanwhile. */
export default function PlaceholderPage() {
  const current = useCurrentRoute();
  const link = useRouteLink();
  const title = current ? (typeof current.route.title === 'string' ? current.route.title : current.route.title.default) : '';
  return (
    <Container size="md" py={48}>
      <Paper withBorder p="xl" radius="lg">
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          <Text size="lg">{current?.route.description}</Text>
          <Text c="dimmed">This part of FairDraw is coming soon.</Text>
          <Button component={Link} to={link('home')} w="fit-content" variant="light">
            Back to the home page
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
