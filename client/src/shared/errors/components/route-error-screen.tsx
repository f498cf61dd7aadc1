import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** What the visitor sees when a screen could not be loaded or rendered: explained, with a way to retry. */
export function ScreenLoadFailed() {
  return (
    <Container size="sm" py={60}>
      <Alert color="red" title="This page could not be loaded" role="alert">
        <Stack gap="sm">
          <Text size="sm">Check your connection and try again. If it keeps happening, please contact us.</Text>
          <Button variant="white" color="red" onClick={() => window.location.reload()} w="fit-content">
            Reload the page
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

/** The router's error boundary: an exception while rendering a screen is logged, then explained. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route change failed:', error);
  }, [error]);
  return <ScreenLoadFailed />;
}
