import '@mantine/charts/styles.css';
import { Alert, Container, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { CustomerDto } from '../../../api/admin-api';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session/session-slice';
import { AuditLogPanel } from './audit-log-panel';
import { ChangeEmailModal } from './change-email-modal';
import { CreditsModal } from './credits-modal';
import { CustomersPanel } from './customers-panel';
import { StatisticsPanel } from './statistics-panel';

/** /admin/ (private, administrators): part 2 §2 Admin console. */
export default function AdminPage() {
  const user = useAppSelector(selectUser);
  const [creditsOf, setCreditsOf] = useState<CustomerDto | null>(null);
  const [emailOf, setEmailOf] = useState<CustomerDto | null>(null);

  if (!user?.isAdmin) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" role="alert" title="Administrators only">
          This area is for administrators.
        </Alert>
      </Container>
    );
  }
  return (
    // The site's page margins (the header's and the draw pages' container): wide tables scroll inside them.
    <Container size="lg" px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="xl">
        <Title order={1}>Admin console</Title>
        <StatisticsPanel />
        <CustomersPanel onCredits={setCreditsOf} onChangeEmail={setEmailOf} />
        <AuditLogPanel />
      </Stack>
      <CreditsModal customer={creditsOf} onClose={() => setCreditsOf(null)} />
      <ChangeEmailModal customer={emailOf} onClose={() => setEmailOf(null)} />
    </Container>
  );
}
