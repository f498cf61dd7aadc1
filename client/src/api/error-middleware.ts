import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { notifications } from '@mantine/notifications';
import { loginRequired } from '../lib/session/session-slice';
import { type ErrorEnvelope, notificationMessagesOf } from './error-messages';

/**
 * Calls whose 401 is an answer about credentials, not a lost session: a wrong password must not send the visitor to
 * the login page, and the session check handles its own 401. Their forms show their messages.
 */
const CREDENTIAL_ENDPOINTS = new Set(['login', 'loginOrRegister', 'authenticated']);

/** Publication and entry check pages show every answer in place (a winners page not published is an answer). */
const PUBLICATION_ENDPOINTS = [
  'getPublicationSetup',
  'publishWinners',
  'unpublishWinners',
  'getPublicWinners',
  'getEntryCheck',
  'configureEntryCheck',
  'getPublicEntryCheck',
  'checkEntry',
  'getPublicBranding',
];

/** Calls made by forms that show the server's message where it belongs (part 1 §8: "shown as returned"). */
const FORM_ENDPOINTS = new Set([
  ...CREDENTIAL_ENDPOINTS,
  'register',
  'createAccountAndLinkDraw',
  'forgotPassword',
  'resetPassword',
  'updateAccount',
  'buyCredits',
  'submitDraw',
  'saveBranding',
  ...PUBLICATION_ENDPOINTS,
]);

interface RejectedMeta {
  arg?: { endpointName?: string; type?: 'query' | 'mutation' };
}

/**
 * Every failed call is shown the same way (part 1 §8): a login on 401, else one notification per modelState entry or
 * the message. A mutation's field errors are left to its form, which shows each under its field.
 */
export const errorNotificationMiddleware: Middleware = (store) => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const payload = action.payload as { status?: number | string; data?: unknown };
    const { endpointName, type } = (action.meta as RejectedMeta).arg ?? {};
    const credentials = CREDENTIAL_ENDPOINTS.has(endpointName ?? '');
    if (payload.status === 401 && !credentials) {
      store.dispatch(loginRequired());
    } else if (!FORM_ENDPOINTS.has(endpointName ?? '') && !(type === 'mutation' && (payload.data as ErrorEnvelope | undefined)?.modelState)) {
      for (const message of notificationMessagesOf(payload.data)) {
        notifications.show({ color: 'red', title: 'Error', message, autoClose: 8000, closeButtonProps: { 'aria-label': 'Close notification' } });
      }
    }
  }
  return next(action);
};
