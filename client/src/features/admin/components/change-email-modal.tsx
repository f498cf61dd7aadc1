import type { CSSProperties } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type CustomerDto, useChangeCustomerEmailMutation, useGetEmailHistoryQuery } from '../../../api/admin-api';
import { ACCOUNT_MESSAGES, isValidEmail } from '../../../../../libs/rules/src/index';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { formatAdminDate } from '../admin-rules';
import { BusyButton } from '../../../shared/busy/busy-button';

/** Part 2 §2 change-email modal: the new address, a confirmation before it is changed (§8), and the e-mail history. */
export function ChangeEmailModal({ customer, onClose }: { customer: CustomerDto | null; onClose(): void }) {
  return (
    <Modal
      opened={customer !== null}
      onClose={onClose}
      title={
        <Title order={2} fz="lg">
          Change the e-mail of {customer?.email}
        </Title>
      }
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {customer && <ChangeEmailContent customer={customer} onDone={onClose} />}
    </Modal>
  );
}

function ChangeEmailContent({ customer, onDone }: { customer: CustomerDto; onDone(): void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [changeEmail, { isLoading }] = useChangeCustomerEmailMutation();
  const history = useGetEmailHistoryQuery({ userId: customer.userId }, { refetchOnMountOrArgChange: true });
  const newEmail = email.trim().toLowerCase();

  const review = () => {
    if (!isValidEmail(newEmail)) return setError(ACCOUNT_MESSAGES.email);
    if (newEmail === customer.email) return setError('This is already the customer’s e-mail address.');
    setError(null);
    setConfirming(true);
  };

  const confirm = async () => {
    const result = await changeEmail({ changeEmailRequestDto: { userId: customer.userId, email: newEmail } });
    setConfirming(false);
    if (result.error) {
      setError(formErrorsOf(result.error, ['email'] as const).fields.email ?? null);
      return;
    }
    notifySuccess('E-mail changed', `The account now uses ${result.data.email}. A confirmation link went to it, and the old address was told.`);
    onDone();
  };

  return (
    <Stack gap="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
        style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}
      >
        <Stack gap="sm">
          <TextInput
            label="New e-mail address"
            type="email"
            value={email}
            onChange={(event) => (setEmail(event.currentTarget.value), setError(null))}
            error={error}
            required
            autoComplete="off"
            data-autofocus
          />
          <Text size="sm" c="gray.8">
            The customer must confirm the new address; the old one is told of the change.
          </Text>
          <Group justify="flex-end">
            <Button type="submit">Change e-mail</Button>
          </Group>
        </Stack>
      </form>
      <Stack gap={4} component="section" aria-labelledby="email-history-title">
        <Title order={3} fz="md" id="email-history-title">
          E-mail history
        </Title>
        {history.isLoading ? (
          <Skeleton h={40} />
        ) : history.isError ? (
          <Alert color="red" variant="light" role="alert">
            The e-mail history could not be loaded.
          </Alert>
        ) : history.data && history.data.length > 0 ? (
          <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label="E-mail history, scrollable">
            <Table verticalSpacing={4} aria-labelledby="email-history-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Changed to</Table.Th>
                  <Table.Th>Date changed</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.map((change) => (
                  <Table.Tr key={`${change.dateChangedFrom}-${change.email}`} data-testid="email-history-row">
                    <Table.Td>{change.email}</Table.Td>
                    <Table.Td>{change.newEmail}</Table.Td>
                    <Table.Td>{formatAdminDate(change.dateChangedFrom, true)}</Table.Td>
                    <Table.Td>{change.changedBy}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm">The address has never been changed.</Text>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Change this e-mail address?" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Text size="sm" mb="md">
          {customer.email} will be changed to {newEmail}. The customer logs in with the new address from now on.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <BusyButton onClick={() => void confirm()} loading={isLoading}>
            Yes, change it
          </BusyButton>
        </Group>
      </Modal>
    </Stack>
  );
}
