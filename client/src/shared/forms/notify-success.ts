import { notifications } from '@mantine/notifications';

/**
 * A form's "done" message. The close button gets a name: Mantine leaves it unnamed, which screen readers
 * announce as a bare "button" (axe: button-name).
 */
export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'brand', title, message, autoClose: 6000, closeButtonProps: { 'aria-label': 'Dismiss' } });
}
