import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { notifications } from '@mantine/notifications';
import { loginRequired } from '../features/accounts/session-slice';
import { notificationMessagesOf } from './error-messages';

/** Every failed call is shown the same way: one notification per modelState entry, or a login on 401. */
export const errorNotificationMiddleware: Middleware = (store) => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const payload = action.payload as { status?: number | string; data?: unknown };
    if (payload.status === 401) {
      store.dispatch(loginRequired());
    } else {
      for (const message of notificationMessagesOf(payload.data)) {
        notifications.show({ color: 'red', title: 'Error', message, autoClose: 8000 });
      }
    }
  }
  return next(action);
};
