import { Alert, Container } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import { accountNotice } from '../account-notice';
import { selectUser } from '../../../lib/session/session-slice';

/** The notice at the top of home after logging out, signing up or confirming the e-mail address. */
export function AccountNotices() {
  const [searchParams] = useSearchParams();
  const email = useAppSelector(selectUser)?.email ?? null;
  const notice = accountNotice(searchParams, email);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!notice || dismissed === notice.message) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        variant="light"
        color="brand"
        role="status"
        title={notice.title}
        icon={<IconInfoCircle aria-hidden />}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={() => setDismissed(notice.message)}
      >
        {notice.message}
      </Alert>
    </Container>
  );
}
