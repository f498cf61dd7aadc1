import { CLIENT_TOKEN_PATTERN } from '../../../../libs/rules/src/index';

/**
 * The `clientSession` of DESIGN.md: a random id made once per browser tab and sent with the session check,
 * uploads and confirm details, so that what a tab uploaded anonymously stays its own. sessionStorage is per tab
 * and survives reloads, which is exactly the lifetime wanted.
 */
export const CLIENT_SESSION_KEY = 'fairdraw.clientSession';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** When storage is refused (disabled, sandboxed) the id lives as long as the page instead. */
let pageLifetimeId: string | undefined;

export function clientSessionId(storage: SessionStore | undefined = tabStorage(), random: () => string = () => crypto.randomUUID()): string {
  const stored = attempt(() => storage?.getItem(CLIENT_SESSION_KEY) ?? null);
  if (stored && CLIENT_TOKEN_PATTERN.test(stored)) return stored;
  const id = random();
  const saved = attempt(() => {
    if (!storage) return false;
    storage.setItem(CLIENT_SESSION_KEY, id);
    return true;
  });
  if (saved) return id;
  pageLifetimeId ??= id;
  return pageLifetimeId;
}

/** What the tab keeps under this prefix (its id, the wizard's draw and submission key) is the signed-in user's. */
const TAB_KEY_PREFIX = 'fairdraw.';

/**
 * Forgets what the tab kept, at logout: the next person at the browser (a shared computer, an idle logout) must not
 * find the last user's wizard (its entries file, whose first rows the server shows to the tab that uploaded it) nor
 * hold that tab's id. The page then makes a new id.
 */
export function forgetTab(storage: Pick<Storage, 'key' | 'length' | 'removeItem'> | undefined = tabStorage()): void {
  pageLifetimeId = undefined;
  attempt(() => {
    if (!storage) return;
    const kept: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(TAB_KEY_PREFIX)) kept.push(key);
    }
    for (const key of kept) storage.removeItem(key);
  });
}

function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function tabStorage(): Storage | undefined {
  return attempt(() => (typeof window === 'undefined' ? undefined : window.sessionStorage)) ?? undefined;
}
