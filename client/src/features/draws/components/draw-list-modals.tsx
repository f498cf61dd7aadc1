import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRouteLink } from '../../../lib/use-route-link';

/** Part 2 §2: a draft opens this modal; the wizard resumes it (`/?resume=<id>`, part 1 §2). */
export function DraftModal({ draft, onClose }: { draft: { id: string; name: string } | null; onClose: () => void }) {
  const link = useRouteLink();
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={draft !== null} onClose={onClose} title="This draw is not finished" centered>
      {draft && (
        <Stack gap="md">
          <Text>
            <strong>{draft.name || 'This draft'}</strong> was saved before it was submitted. Resume it in the draw wizard to finish setting it up.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button component={Link} to={link('home', { query: { resume: draft.id } })}>
              Resume the draw
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export interface DrawErrorDetails {
  name: string;
  displayId: string;
  errorMessage: string | null;
}

/**
 * Part 2 §2, §4: an error draw opens this modal, from the list or when its page sends the owner here. Without a
 * draw (the page could not load it) it says so.
 */
export function DrawErrorModal({ opened, draw, onClose }: { opened: boolean; draw: DrawErrorDetails | null; onClose: () => void }) {
  const link = useRouteLink();
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={opened} onClose={onClose} title={draw ? 'This draw could not be run' : 'The draw could not be opened'} centered>
      <Stack gap="md">
        {draw ? (
          <>
            <Text>
              <strong>{draw.name}</strong> (#{draw.displayId}) ended in an error, so it has no winners.
            </Text>
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Reason">
              {draw.errorMessage || 'No reason was recorded.'}
            </Alert>
          </>
        ) : (
          <Text>The draw could not be loaded. It may not exist, or it may belong to another account. Your draws are listed below.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={link('contact')}>
            Contact us
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
