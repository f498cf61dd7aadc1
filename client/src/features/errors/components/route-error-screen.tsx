import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** A screen that failed to load (a lost chunk, an exception while rendering): logged, explained, retryable. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route change failed:', error);
  }, [error]);
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
