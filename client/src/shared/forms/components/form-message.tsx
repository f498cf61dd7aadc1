import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A message about the whole form rather than one field: the server's answer as returned, or a notice. Errors are
 * announced at once (role alert); colours are the shade-9 text on shade-1 ground that keeps 4.5:1.
 */
export function FormMessage({ kind = 'error', title, children }: { kind?: 'error' | 'info'; title?: string; children: ReactNode }) {
  const error = kind === 'error';
  return (
    <Alert variant="light" color={error ? 'red' : 'brand'} role={error ? 'alert' : 'status'} title={title} icon={error ? <IconAlertCircle aria-hidden /> : <IconInfoCircle aria-hidden />}>
      {children}
    </Alert>
  );
}
