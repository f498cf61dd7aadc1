import { notifications } from '@mantine/notifications';

/**
 * A short confirmation in the corner. Mantine's close button carries no name of its own, so it gets one (a button
 * without a name is a serious accessibility failure). Teal 9 keeps the accent at 4.5:1.
 */
export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'teal.9', title, message, autoClose: 5000, closeButtonProps: { 'aria-label': 'Dismiss notification' } });
}
