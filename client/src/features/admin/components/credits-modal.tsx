import { Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { type AdminCreditPackDto, type CustomerDto, useAddCreditPackMutation, useDeleteCreditPackMutation, useGetCustomerCreditsDataQuery } from '../../../api/admin-api';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { useForm } from '../../../shared/forms/use-form';
import { type CreditPackField, type CreditPackForm, creditPackErrors, creditPackRequest, EMPTY_CREDIT_PACK_FORM, formatAdminDate, withTrial } from '../admin-rules';
import { BusyButton } from '../../../shared/busy/busy-button';

const FIELDS: readonly CreditPackField[] = ['amount', 'expiryDate', 'note'];

function kindOf(pack: AdminCreditPackDto): string {
  if (pack.isTrialPack) return 'Trial';
  if (pack.isManual) return 'Added by us';
  if (pack.isRefund) return 'Refund';
  if (pack.isSingle) return 'Single draw';
  return 'Bought';
}

/** Part 2 §2 credit management: the customer's packs, adding one by the admin rules, deleting one after a confirmation. */
export function CreditsModal({ customer, onClose }: { customer: CustomerDto | null; onClose(): void }) {
  return (
    <Modal
      opened={customer !== null}
      onClose={onClose}
      title={
        <Title order={2} fz="lg">
          Credits of {customer?.email}
        </Title>
      }
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {customer && <CreditsContent customer={customer} />}
    </Modal>
  );
}

function CreditsContent({ customer }: { customer: CustomerDto }) {
  const { data, isLoading, isError } = useGetCustomerCreditsDataQuery({ userId: customer.userId }, { refetchOnMountOrArgChange: true });
  const [deleting, setDeleting] = useState<AdminCreditPackDto | null>(null);
  const [deletePack, deleteState] = useDeleteCreditPackMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deletePack({ deleteCreditPackRequestDto: { userId: customer.userId, packId: deleting.id } });
    setDeleting(null);
    if (!result.error) notifySuccess('Pack deleted', `${deleting.credits.length} credit${deleting.credits.length === 1 ? '' : 's'} removed from ${customer.email}.`);
  };

  return (
    <Stack gap="md">
      {isError && (
        <Alert color="red" variant="light" role="alert">
          The credits could not be loaded.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat label="Unused credits" value={data ? String(data.unusedCredits) : undefined} testId="admin-unused-credits" />
        <Stat label="Latest expiry" value={data ? formatAdminDate(data.latestExpiry) : undefined} />
        <Stat label="Latest trial expiry" value={data ? formatAdminDate(data.latestTrialExpiry) : undefined} />
      </SimpleGrid>
      {isLoading ? (
        <Skeleton h={80} />
      ) : data && data.packs.length > 0 ? (
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label="Credit packs, scrollable">
          <Table verticalSpacing={6} aria-label="Credit packs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pack</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.packs.map((pack) => {
                const used = pack.credits.filter((credit) => credit.redeemedDate).length;
                return (
                  <Table.Tr key={pack.id} data-testid="credit-pack">
                    <Table.Td>
                      <Badge variant="light" color={pack.isTrialPack ? 'orange' : 'gray'} c="gray.9" tt="none">
                        {kindOf(pack)}
                      </Badge>
                      {pack.note && (
                        <Text size="xs" c="gray.8">
                          {pack.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatAdminDate(pack.purchaseDate)}</Table.Td>
                    <Table.Td>{formatAdminDate(pack.expiryDate)}</Table.Td>
                    <Table.Td>
                      {used} of {pack.credits.length}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red.9"
                        disabled={used > 0}
                        title={used > 0 ? 'Credits of this pack have been used, so it cannot be deleted.' : undefined}
                        onClick={() => setDeleting(pack)}
                        aria-label={`Delete the ${kindOf(pack).toLowerCase()} pack of ${pack.credits.length} credits added ${formatAdminDate(pack.purchaseDate)}`}
                      >
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">No credit packs yet.</Text>
      )}
      <AddPackForm userId={customer.userId} email={customer.email} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this pack?" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Text size="sm" mb="md">
          {deleting &&
            `The ${deleting.credits.length} credit${deleting.credits.length === 1 ? '' : 's'} of this pack (expiring ${formatAdminDate(deleting.expiryDate)}) will be removed from ${customer.email}. This cannot be undone.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <BusyButton color="red.9" onClick={() => void confirmDelete()} loading={deleteState.isLoading}>
            Delete pack
          </BusyButton>
        </Group>
      </Modal>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string | undefined; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="gray.8">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={24} w={80} />
      ) : (
        <Text fw={700} data-testid={testId}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

function AddPackForm({ userId, email }: { userId: string; email: string }) {
  const { values, setValues, setField, errors, showErrors, clearErrors, formRef } = useForm<CreditPackForm>(EMPTY_CREDIT_PACK_FORM);
  const [addPack, { isLoading }] = useAddCreditPackMutation();
  // One key per grant: kept while its answer is unknown (none, or 5xx), so a retry grants once.
  const grantKey = useRef<string | null>(null);

  const submit = async () => {
    const fields = creditPackErrors(values, new Date());
    if (Object.keys(fields).length > 0) {
      showErrors({ fields, form: null });
      return;
    }
    clearErrors();
    grantKey.current ??= crypto.randomUUID();
    const result = await addPack({ addCreditPackRequestDto: creditPackRequest(userId, values, grantKey.current) });
    const status = result.error && 'status' in result.error && typeof result.error.status === 'number' ? result.error.status : undefined;
    if (!result.error || (status !== undefined && status < 500)) grantKey.current = null;
    if (result.error) {
      // Field messages go under their fields; anything else is the shell's notification.
      showErrors({ ...formErrorsOf(result.error, FIELDS), form: null });
      return;
    }
    notifySuccess('Credits added', `${values.amount} ${values.isTrialPack ? 'trial ' : ''}credit${values.amount === 1 ? '' : 's'} added to ${email}.`);
    setValues(EMPTY_CREDIT_PACK_FORM);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => (event.preventDefault(), void submit())}
      aria-labelledby="add-pack-title"
      style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' }}
    >
      <Title order={3} fz="md" mb="sm" id="add-pack-title">
        Add a credit pack
      </Title>
      <Stack gap="sm">
        <Checkbox
          label="Trial credits (expire in one month)"
          checked={values.isTrialPack}
          onChange={(event) => {
            const isTrialPack = event.currentTarget.checked;
            setValues((current) => withTrial(current, isTrialPack, new Date()));
            clearErrors();
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {/* No clamping: an amount out of range is refused with the message, never changed silently (issue 27). */}
          <NumberInput
            label="Credits"
            min={1}
            max={100}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={values.amount}
            onChange={(value) => setField('amount', value)}
            error={errors.fields.amount}
            required
          />
          <TextInput
            label="Expiry date"
            type="date"
            value={values.expiryDate}
            onChange={(event) => setField('expiryDate', event.currentTarget.value)}
            error={errors.fields.expiryDate}
            description={values.expiryDate ? undefined : values.isTrialPack ? 'One month from today if left empty.' : '24 months from today if left empty.'}
          />
        </SimpleGrid>
        <TextInput label="Note" maxLength={200} value={values.note} onChange={(event) => setField('note', event.currentTarget.value)} error={errors.fields.note} />
        <Checkbox
          label="Also give every other pack of this customer this expiry date"
          description={values.isTrialPack ? 'Not for trial credits: they never extend other credits.' : 'Requires an expiry date.'}
          checked={values.updateAllExpiries}
          disabled={values.isTrialPack}
          onChange={(event) => setField('updateAllExpiries', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <BusyButton type="submit" loading={isLoading}>
            Add credits
          </BusyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
