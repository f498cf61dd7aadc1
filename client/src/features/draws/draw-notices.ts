/** A short message at the top of a draw page, from the query the page was opened with (part 2 §2 route table). */
export interface DrawNotice {
  key: string;
  message: string;
}

/**
 * The detail page's queries, in the order they are shown. The spec names them without their wording; each gets one
 * short sentence. `rescheduled=now` is the reload after draw now (part 2 §4 sends both reschedule and draw now back
 * with `rescheduled`); `drawn` is for pages that open a draw just drawn elsewhere (the wizard's immediate draw).
 */
export function detailNotices(search: URLSearchParams): DrawNotice[] {
  const notices: DrawNotice[] = [];
  const flag = (name: string) => {
    const value = search.get(name);
    return value !== null && value !== 'false';
  };
  if (flag('success')) notices.push({ key: 'success', message: 'Your draw has been created.' });
  if (flag('prepurchase')) notices.push({ key: 'prepurchase', message: 'Thank you for your purchase. One of your new credits paid for this draw.' });
  if (flag('account')) notices.push({ key: 'account', message: 'Your account has been created, and this draw is saved in it.' });
  const rescheduled = search.get('rescheduled');
  if (rescheduled === 'now') notices.push({ key: 'rescheduled', message: 'The draw has been drawn.' });
  else if (flag('rescheduled')) notices.push({ key: 'rescheduled', message: 'The draw has been rescheduled.' });
  if (flag('drawn') && rescheduled !== 'now') notices.push({ key: 'drawn', message: 'Your draw is complete.' });
  if (flag('published')) notices.push({ key: 'published', message: 'The winners are published.' });
  if (flag('unpublished')) notices.push({ key: 'unpublished', message: 'The winners are no longer published.' });
  if (flag('entrycheck')) notices.push({ key: 'entrycheck', message: 'The entry check is set up.' });
  if (flag('eccancel')) notices.push({ key: 'eccancel', message: 'The entry check has been cancelled.' });
  return notices;
}

/** The draw list's `cancelled` notice (`draw_error` opens the error modal instead). */
export function listNotice(search: URLSearchParams): DrawNotice | null {
  const cancelled = search.get('cancelled');
  if (cancelled !== null && cancelled !== 'false') {
    return { key: 'cancelled', message: 'The draw has been cancelled. If it used a credit, the credit is back in your account.' };
  }
  return null;
}

export function wantsDrawError(search: URLSearchParams): boolean {
  const value = search.get('draw_error');
  return value !== null && value !== 'false';
}

/** What the detail page hands to the list when it sends the owner there for an error draw. */
export interface DrawErrorState {
  drawError: { name: string; displayId: string; errorMessage: string | null };
}

export function isDrawErrorState(value: unknown): value is DrawErrorState {
  const drawError = (value as { drawError?: unknown } | null)?.drawError as Record<string, unknown> | undefined;
  return typeof drawError === 'object' && drawError !== null && typeof drawError.name === 'string' && typeof drawError.displayId === 'string';
}

/** Part 2 §8: the alert when a visitor's e-mail already has an account (createAccountAndLinkDraw answers 409). */
export const ACCOUNT_EXISTS_ALERT = 'An account with this email address already exists. Please contact us to associate this draw with your existing account.';
