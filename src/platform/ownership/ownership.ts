/**
 * The one ownership policy (issue 28): who is calling, and whether that caller may act on a resource someone owns.
 * Framework-free, so every module's application and domain code decides "is this the caller's?" the same way.
 */

/** Where a request comes from (DESIGN.md "Draw source"): the web client, or the API with a live or a test key. */
export type CallerSource = 'web' | 'api' | 'test';

/**
 * Who is calling: a visitor (no user, maybe a browser tab's clientSession), a user signed in on the website, a user
 * calling with a live or a test API key, or an administrator (a user with the admin role, by any of those ways).
 */
export interface Caller {
  userId: string | null;
  /** The browser tab asking: what a visitor made belongs to it. */
  clientSession: string | null;
  isAdmin: boolean;
  source: CallerSource;
}

/** A caller with no user and no tab: what public pages and background work read as. */
export const VISITOR: Caller = { userId: null, clientSession: null, isAdmin: false, source: 'web' };

/** A signed-in user with no tab in play: the caller of downloads and account-wide lists. */
export function userCaller(user: { id: string; role?: string }, source: CallerSource = 'web'): Caller {
  return { userId: user.id, clientSession: null, isAdmin: user.role === 'admin', source };
}

/** What the policy needs to know of an owned resource. */
export interface Owned {
  ownerUserId: string | null;
  /** The browser tab that made it, for what a visitor can make. */
  clientSession?: string | null;
}

export interface OwnershipRule {
  /** Administrators act on every resource of this kind. */
  administrators: boolean;
  /**
   * Whether the tab that made it owns it: `until-claimed` while no account owns it (a visitor's draw, once linked,
   * is its account's only), `always` (a file stays its tab's after it is linked), `never` (signed-in users only).
   */
  tab: 'until-claimed' | 'always' | 'never';
  /** Anyone may read it (a draw's public page); acting on it still needs the owner. */
  publicReads?: boolean;
}

/** Each owned resource's rule, in one table. */
export const OWNERSHIP = {
  /** Draws: their owner, the tab that made a visitor's draw, and administrators; anyone reads a non-draft draw's page. */
  draw: { administrators: true, tab: 'until-claimed', publicReads: true },
  /** Draw downloads (results, entries file, winners certificate): the signed-in owner and administrators. */
  drawDownload: { administrators: true, tab: 'never' },
  /** Drafts: their owner only, or the tab that made a visitor's draft; never an administrator. */
  draft: { administrators: false, tab: 'until-claimed' },
  /** Uploaded files (entries files, branding images): the tab that uploaded them, and the account they are linked to. */
  upload: { administrators: false, tab: 'always' },
  /** Account-wide records (payments, the branding reuse list): the signed-in user only. */
  account: { administrators: false, tab: 'never' },
} as const satisfies Record<string, OwnershipRule>;

/** How a caller stands to a resource: its owner, an administrator, a reader of a public resource, or nobody. */
export type Access = 'owner' | 'administrator' | 'public' | 'none';

export function accessTo(caller: Caller, resource: Owned, rule: OwnershipRule): Access {
  if (isOwner(caller, resource, rule)) return 'owner';
  if (rule.administrators && caller.isAdmin) return 'administrator';
  return rule.publicReads ? 'public' : 'none';
}

/** May the caller act on the resource as its owner would (owner, or an administrator where the rule lets them)? */
export function mayAct(caller: Caller, resource: Owned, rule: OwnershipRule): boolean {
  const access = accessTo(caller, resource, rule);
  return access === 'owner' || access === 'administrator';
}

function isOwner(caller: Caller, resource: Owned, rule: OwnershipRule): boolean {
  if (resource.ownerUserId && caller.userId && resource.ownerUserId === caller.userId) return true;
  if (rule.tab === 'never' || (rule.tab === 'until-claimed' && resource.ownerUserId)) return false;
  return !!resource.clientSession && resource.clientSession === caller.clientSession;
}
