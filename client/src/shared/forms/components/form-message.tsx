import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A message about the whole form rather than one field: the server's answer as returned, or a notice. Errors are
 * announced at once (role alert); colours are the shade-9 text on shade-1 ground that keeps 4.5:1.
 * `takesFocus`: the message stands in for the form it replaces, so it takes the focus as it shows (the form's button
 * had it, and is gone): the keyboard carries on from it and a screen reader reads it, rather than nothing at all.
 */
export function FormMessage({ kind = 'error', title, takesFocus = false, children }: { kind?: 'error' | 'info'; title?: string; takesFocus?: boolean; children: ReactNode }) {
  const error = kind === 'error';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takesFocus) ref.current?.focus();
  }, [takesFocus]);
  return (
    <Alert
      ref={ref}
      tabIndex={takesFocus ? -1 : undefined}
      variant="light"
      color={error ? 'red' : 'brand'}
      role={error ? 'alert' : 'status'}
      title={title}
      icon={error ? <IconAlertCircle aria-hidden /> : <IconInfoCircle aria-hidden />}
    >
      {children}
    </Alert>
  );
}
