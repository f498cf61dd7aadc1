import type { ComponentType } from 'react';
import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useGetAccountQuery } from '../../../api/account-api';
import { formContrastClass } from '../../../shared/forms/components/form-page';
import { AccountDetailsForm } from './account-details-form';
import { ApiAccessNote, ApiKeysSection } from './api-keys-section';
import { ChangePasswordForm } from './change-password-form';

/** /account/edit/ (private): details and address, password, and API keys for apiEnabled users. */
/** `Billing`: the billing feature's panel, given by the app's route (app/routes/account-edit-page.tsx). */
export default function AccountEditPage({ Billing }: { Billing: ComponentType }) {
  const { data: account, isLoading, isError, refetch } = useGetAccountQuery();

  return (
    <Container size="md" px="md" py={{ base: 24, sm: 48 }} className={formContrastClass}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Your account</Title>
          {account?.email && <Text c="dimmed">Logged in as {account.email}</Text>}
        </Stack>
        {isLoading && (
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="md" role="status" aria-label="Loading your account">
              <Skeleton height={28} width="40%" />
              <Skeleton height={56} />
              <Skeleton height={56} />
              <Skeleton height={56} />
            </Stack>
          </Paper>
        )}
        {isError && !account && (
          <Alert variant="light" color="red" title="Your account could not be loaded">
            <Button variant="white" color="red.9" size="xs" onClick={() => void refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {account && (
          <>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <AccountDetailsForm account={account} />
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <ChangePasswordForm account={[account.email, account.firstName, account.lastName].filter((value): value is string => typeof value === 'string')} />
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              {account.apiEnabled ? (
                <ApiKeysSection />
              ) : (
                <Stack gap="xl">
                  <ApiAccessNote />
                  <ApiKeysSection canCreate={false} />
                </Stack>
              )}
            </Paper>
            <Billing />
          </>
        )}
      </Stack>
    </Container>
  );
}
