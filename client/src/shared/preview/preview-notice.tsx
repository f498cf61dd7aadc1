import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandedPage, type PreviewFrame } from './branded-page';

/**
 * A preview frame that shows no draw: an unreadable hash, or a visitor who is not the owner (the setup endpoints
 * answer 404 to anyone else). Default colours, no draw data, no branding request.
 */
export function PreviewNotice({ shortCode, frame, title, children }: { shortCode: string; frame: PreviewFrame; title: string; children: ReactNode }) {
  return (
    <BrandedPage shortCode={shortCode} withBranding={false} preview={frame}>
      <Stack gap="xs" data-testid="preview-notice">
        <Title order={1}>{title}</Title>
        <Text>{children}</Text>
      </Stack>
    </BrandedPage>
  );
}

/** Part 2 §5 preview messages inside a frame whose config is incomplete. */
export function PreviewMessages({ messages }: { messages: string[] }) {
  return (
    <Stack gap={4} role="status" data-testid="preview-messages">
      {messages.map((message) => (
        <Text key={message}>{message}</Text>
      ))}
    </Stack>
  );
}

export const NOT_OWNER = 'Only the owner of this draw can see this preview. The public page shows what has been published.';
export const INVALID_LINK = 'This preview link is not valid.';
