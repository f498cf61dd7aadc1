import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useUnpublishWinnersMutation } from '../../../api/publication-api';
import { useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { clientSessionId } from '../../../lib/session/client-session';
import { selectUser } from '../../../lib/session/session-slice';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { BusyButton } from '../../../shared/busy/busy-button';

/**
 * /draws/unpublish/{id}/ (public): takes the published winners down. Part 2 §4: a logged-in owner goes back to the
 * draw, a visitor (no account, so no draws list) to the home page.
 */
export default function UnpublishPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const link = useRouteLink();
  const user = useAppSelector(selectUser);
  const clientSession = useMemo(() => clientSessionId(), []);
  const [unpublish, { isLoading }] = useUnpublishWinnersMutation();
  const [message, setMessage] = useState<string | null>(null);

  const confirm = async () => {
    try {
      await unpublish({ drawIdRequestDto: { id, clientSession } }).unwrap();
      void navigate(user ? link('drawDetail', { params: { id }, query: { unpublished: 'true' } }) : link('home', { query: { unpublished: 'true' } }));
    } catch (error) {
      setMessage(formErrorsOf(error, [] as const).form);
    }
  };

  return (
    <Container size={560} px="md" py={{ base: 24, sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1}>Unpublish the winners</Title>
          <Text>The public winners page of this draw will no longer show its winners. You can publish them again later.</Text>
          {message && (
            <Alert color="red" variant="light" role="alert">
              {message}
            </Alert>
          )}
          <Group>
            <BusyButton color="red" loading={isLoading} onClick={() => void confirm()}>
              Unpublish
            </BusyButton>
            <Button component={Link} variant="subtle" to={link('publication', { params: { id } })}>
              Keep them published
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
