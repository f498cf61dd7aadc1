import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, Modal, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type ApiKeyResponseDto, type CreatedApiKeyResponseDto, useCreateApiKeyMutation, useGetApiKeysQuery, useRevokeApiKeyMutation } from '../../../api/account-api';
import { useRouteLink } from '../../../lib/use-route-link';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { BusyButton } from '../../../shared/busy/busy-button';

const KIND_LABEL = { live: 'Live', test: 'Test' } as const;

/**
 * API keys: list, create (shown once), revoke (confirmed). Without API access (`canCreate` false) the keys the account
 * had are still listed and revocable, and nothing is shown when it had none.
 */
export function ApiKeysSection({ canCreate = true }: { canCreate?: boolean }) {
  const { dateTime } = useDates();
  const when = (iso: string | null, otherwise: string) => (iso ? dateTime(iso) : otherwise);
  // Asked again on mounting: the section mounts anew when the API access is switched, which revokes keys.
  const { data: keys, isLoading, isError, refetch } = useGetApiKeysQuery(undefined, { refetchOnMountOrArgChange: true });
  const [createKey, { isLoading: creating, originalArgs: creatingArgs }] = useCreateApiKeyMutation();
  const [revokeKey, { isLoading: revoking }] = useRevokeApiKeyMutation();
  const [created, setCreated] = useState<CreatedApiKeyResponseDto | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKeyResponseDto | null>(null);
  // The button that asked for the key is disabled while it is made, so the focus has left it when the key's dialog
  // opens (the dialog would hand it back to the page's body): closing that dialog gives it back to the button.
  const createButtons = { test: useRef<HTMLButtonElement>(null), live: useRef<HTMLButtonElement>(null) };

  const create = async (kind: 'live' | 'test') => {
    try {
      setCreated(await createKey({ createApiKeyRequestDto: { kind } }).unwrap());
    } catch {
      // The error middleware has said why.
    }
  };

  const revoke = async () => {
    if (!toRevoke) return;
    try {
      const result = await revokeKey({ revokeApiKeyRequestDto: { id: toRevoke.id } }).unwrap();
      notifySuccess('Key revoked', result.message);
      setToRevoke(null);
    } catch {
      // Kept open: the notification says what went wrong and the visitor may try again.
    }
  };

  if (!canCreate && !(keys && keys.length > 0) && !isError) return null;

  return (
    <Stack gap="md" component="section" aria-labelledby="api-keys-title">
      <Title order={2} id="api-keys-title" size="h3">
        API keys
      </Title>
      {canCreate ? (
        <Text size="sm">
          Programs send a key as <Code>Authorization: Bearer …</Code>. A live key runs real draws; a test key runs test draws that cost nothing.
        </Text>
      ) : (
        <Text size="sm">API access is off for your account: none of these keys works, and switching it on again revives none of them (you would create new ones).</Text>
      )}
      {isLoading && <Skeleton height={96} radius="md" />}
      {isError && (
        <Alert variant="light" color="red" title="Your API keys could not be loaded">
          <Button variant="white" color="red.9" size="xs" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {canCreate && keys && keys.length === 0 && <Text c="dimmed">You have no API keys yet. Start with a test key: it cannot run a real draw.</Text>}
      {keys && keys.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" striped aria-labelledby="api-keys-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>
                    <Badge variant="light" color={key.kind === 'live' ? 'brand' : 'gray'}>
                      {KIND_LABEL[key.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>{when(key.createdAt, '')}</Table.Td>
                  <Table.Td>{when(key.lastUsedAt, 'Never')}</Table.Td>
                  <Table.Td>{key.revokedAt ? `Revoked ${when(key.revokedAt, '')}` : 'Active'}</Table.Td>
                  <Table.Td>
                    {!key.revokedAt && (
                      <Button variant="default" size="xs" onClick={() => setToRevoke(key)} aria-label={`Revoke the ${key.kind} key ${key.prefix}`}>
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canCreate && (
        <Group gap="sm">
          <BusyButton ref={createButtons.test} variant="default" onClick={() => void create('test')} loading={creating && creatingArgs?.createApiKeyRequestDto.kind === 'test'} disabled={creating}>
            Create a test key
          </BusyButton>
          <BusyButton ref={createButtons.live} onClick={() => void create('live')} loading={creating && creatingArgs?.createApiKeyRequestDto.kind === 'live'} disabled={creating}>
            Create a live key
          </BusyButton>
        </Group>
      )}

      <CreatedKeyModal
        created={created}
        onClose={() => {
          if (created) createButtons[created.apiKey.kind].current?.focus();
          setCreated(null);
        }}
      />

      <Modal opened={toRevoke !== null} onClose={() => setToRevoke(null)} title="Revoke this API key?" centered>
        <Stack gap="md">
          <Text>
            Programs that use the {toRevoke ? KIND_LABEL[toRevoke.kind].toLowerCase() : ''} key <Code>{toRevoke?.prefix}…</Code> stop working at once. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRevoke(null)} data-autofocus>
              Keep the key
            </Button>
            <BusyButton color="red.9" onClick={() => void revoke()} loading={revoking}>
              Revoke the key
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The key itself is shown once: only its SHA-256 is stored, so the modal does not close by accident. */
function CreatedKeyModal({ created, onClose }: { created: CreatedApiKeyResponseDto | null; onClose: () => void }) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={created ? `Your new ${KIND_LABEL[created.apiKey.kind].toLowerCase()} API key` : ''}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      returnFocus={false}
      centered
      size="lg"
    >
      {created && (
        <Stack gap="md">
          <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} title="Copy it now: it will not be shown again">
            We keep only a fingerprint of the key. If you lose it, revoke it and create a new one.
          </Alert>
          <Code block aria-label="The new API key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.key}
          </Code>
          <Group justify="space-between" gap="sm">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy the key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>I have stored the key</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Accounts without API access learn how to get it. */
export function ApiAccessNote() {
  const link = useRouteLink();
  return (
    <Stack gap="xs" component="section" aria-labelledby="api-access-title">
      <Title order={2} id="api-access-title" size="h3">
        API access
      </Title>
      <Text size="sm">
        The FairDraw API lets your own systems run draws.{' '}
        <Anchor underline="always" component={Link} to={link('api')}>
          Read about the API
        </Anchor>{' '}
        and{' '}
        <Anchor underline="always" component={Link} to={link('contact')}>
          contact us
        </Anchor>{' '}
        to switch it on for your account.
      </Text>
    </Stack>
  );
}
