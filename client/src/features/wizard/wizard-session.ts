/**
 * The wizard's state kept for the browser tab (sessionStorage), so that a reload, or Back to the home page from
 * another one, finds the draw as the visitor left it. Card details never are part of it: they live in the payment
 * form alone. Framework-free and dependency-free: the page's boot script reads `hasWizardSession` to start the app
 * at once on a reload mid-wizard, before the visitor's first input.
 */
const WIZARD_SESSION_KEY = 'fairdraw.wizard';
/** The idempotency key of the tab's submission while its answer is unknown. */
const SUBMISSION_KEY = 'fairdraw.wizard.submission';

/** The history entry state that marks a wizard step (React Router keeps it under `usr` in history.state). */
export interface WizardHistoryState {
  wizardStep?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage disabled by the browser's settings: the wizard works, only without surviving a reload.
    return null;
  }
}

export function hasWizardSession(): boolean {
  return storage()?.getItem(WIZARD_SESSION_KEY) != null;
}

export function loadWizardSession(): Record<string, unknown> | null {
  const raw = storage()?.getItem(WIZARD_SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function saveWizardSession(state: Record<string, unknown>): void {
  try {
    storage()?.setItem(WIZARD_SESSION_KEY, JSON.stringify(state));
  } catch {
    // A full storage quota: the state still lives in the page.
  }
}

export function clearWizardSession(): void {
  storage()?.removeItem(WIZARD_SESSION_KEY);
  storage()?.removeItem(SUBMISSION_KEY);
}

/**
 * A submission whose answer was lost keeps its idempotency key for the tab, not only for the page: the visitor who
 * reloads and confirms again sends the same key, and the server answers the draw the first request made instead of
 * making (and charging for) a second one.
 */
export function keptSubmissionKey(): string | null {
  return storage()?.getItem(SUBMISSION_KEY) ?? null;
}

export function keepSubmissionKey(key: string | null): void {
  try {
    if (key) storage()?.setItem(SUBMISSION_KEY, key);
    else storage()?.removeItem(SUBMISSION_KEY);
  } catch {
    // A full storage quota: the key still lives in the page.
  }
}
