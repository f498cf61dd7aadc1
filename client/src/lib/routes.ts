import { type CountryCode, COUNTRY_CODES, splitCountryPrefix } from './countries';

/**
 * The one route table of the client (both spec parts, §2): path, module (public or private), title, typed
 * parameters and the query parameters each screen understands. Screens are attached in router.tsx.
 */
type RouteModule = 'public' | 'private';
export type ParamKind = 'drawId' | 'token' | 'shortCode';

export const PARAM_PATTERNS: Record<ParamKind, RegExp> = {
  // Draw ids are UUIDs; the display id is their last 12 hex digits.
  drawId: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  token: /^[A-Za-z0-9_-]{16,256}$/,
  // Five letters, optionally followed by w (winners), e (entry check) or x.
  shortCode: /^[A-Za-z]{5}[ewx]?$/,
};

export const SITE_NAME = 'FairDraw™';

type Title = string | ({ default: string } & Partial<Record<CountryCode, string>>);

export interface RouteDefinition {
  path: string;
  module: RouteModule;
  title: Title;
  params?: Record<string, ParamKind>;
  query?: readonly string[];
  /** Home and the generators sit on the full-background layout. */
  fullBackground?: boolean;
  /** The screen's summary: its meta description. */
  description: string;
}

const table = {
  home: {
    path: '/',
    module: 'public',
    fullBackground: true,
    title: {
      default: 'Certified Random Prize Draws',
      au: 'Trade Promotion Prize Draws for Australia',
      nz: 'Promotional Prize Draws for New Zealand',
      uk: 'Prize Draws for UK Promotions',
      ca: 'Contest Prize Draws for Canada',
    },
    query: ['logout', 'name', 'organisation', 'resume', 'registered', 'pricing', 'unpublished', 'demo'],
    description: 'Run an independent, certified random prize draw.',
  },
  login: { path: '/account/login/', module: 'public', title: 'Log in', query: ['error', 'create', 'ReturnUrl'], description: 'Log in to your FairDraw account.' },
  register: { path: '/account/register/', module: 'public', title: 'Create an account', query: ['email'], description: 'Create a FairDraw account to schedule draws and buy credits.' },
  forgotPassword: { path: '/account/forgotpassword/', module: 'public', title: 'Forgot password', query: ['email'], description: 'Get a link to reset your password.' },
  resetPassword: { path: '/account/resetpassword/:token/', module: 'public', title: 'Reset password', params: { token: 'token' }, description: 'Choose a new password.' },
  buyCredits: { path: '/account/buycredits/', module: 'private', title: 'Buy credits', query: ['success'], description: 'Buy packs of draw credits.' },
  accountEdit: { path: '/account/edit/', module: 'private', title: 'Your account', description: 'Edit your details, address and API keys.' },
  draws: { path: '/draws/', module: 'private', title: 'Your draws', query: ['cancelled', 'draw_error', 'user_id'], description: 'Every draw you have created, scheduled or run.' },
  drawDetail: {
    path: '/draws/detail/:id/',
    module: 'public',
    title: 'Draw',
    params: { id: 'drawId' },
    query: ['success', 'prepurchase', 'account', 'rescheduled', 'published', 'unpublished', 'entrycheck', 'eccancel', 'drawn'],
    description: 'Follow a draw, its winners and its certificate.',
  },
  entryCheck: {
    path: '/draws/entrycheck/:id/',
    module: 'public',
    title: 'Entry check',
    params: { id: 'drawId' },
    query: ['inactive'],
    description: 'Let entrants check that their entry was in the draw.',
  },
  publication: {
    path: '/draws/publication/:id/',
    module: 'public',
    title: 'Winner publication',
    params: { id: 'drawId' },
    query: ['unpublish', 'invalid_preview', 'returning'],
    description: 'Publish the winners on a public page.',
  },
  unpublish: { path: '/draws/unpublish/:id/', module: 'public', title: 'Unpublish winners', params: { id: 'drawId' }, description: 'Take the published winners down.' },
  randomNumberGenerator: {
    path: '/random-number-generator/',
    module: 'public',
    fullBackground: true,
    title: 'Random Number Generator',
    query: ['count', 'lower', 'upper', 'unique', 'group', 'sort', 'dir'],
    description: 'Up to a million random numbers from 0 to 10¹⁸, free.',
  },
  randomSequenceGenerator: {
    path: '/random-sequence-generator/',
    module: 'public',
    fullBackground: true,
    title: 'Random Sequence Generator',
    query: ['lower', 'upper'],
    description: 'A range of integers in random order, free.',
  },
  drawLog: { path: '/log/', module: 'public', title: 'Public draw log', description: 'Every draw’s history in an append-only public log anyone can check.' },
  lookup: { path: '/lookup/', module: 'public', title: 'Look up a draw', query: ['id'], description: 'Find a draw by its 12-digit id.' },
  certificate: {
    path: '/cert/:shortCode/',
    module: 'public',
    title: 'Draw certificate',
    params: { shortCode: 'shortCode' },
    query: ['prev', 'fw', 'wh', 'eh'],
    description: 'The certificate of a draw, which anyone can verify.',
  },
  compliance: {
    path: '/compliance/',
    module: 'public',
    title: {
      default: 'Prize Draw Compliance',
      au: 'Trade Promotion Compliance in Australia',
      uk: 'Prize Draw Compliance in the UK',
      nz: 'Promotion Compliance in New Zealand',
      ca: 'Contest Compliance in Canada',
    },
    description: 'How FairDraw keeps your draw compliant.',
  },
  about: { path: '/about/', module: 'public', title: 'About us', description: 'Who runs FairDraw and why.' },
  api: { path: '/api/', module: 'public', title: 'API', description: 'Run draws from your own code with the FairDraw API.' },
  faqs: {
    path: '/faqs/',
    module: 'public',
    title: {
      default: 'Frequently Asked Questions',
      au: 'FAQs for Australian Trade Promotions',
      uk: 'FAQs for UK Prize Draws',
      nz: 'FAQs for New Zealand Promotions',
      ca: 'FAQs for Canadian Contests',
    },
    description: 'Answers to common questions.',
  },
  news: { path: '/news/', module: 'public', title: 'News', description: 'What is new at FairDraw.' },
  terms: { path: '/terms/', module: 'public', title: 'Terms and conditions', description: 'The terms of the service.' },
  privacy: { path: '/privacy/', module: 'public', title: 'Privacy policy', description: 'How we handle personal data.' },
  cookies: { path: '/cookies/', module: 'public', title: 'Cookie policy', description: 'The cookies this site sets.' },
  contact: { path: '/contact/', module: 'public', title: 'Contact us', description: 'Ask us anything about your draw.' },
  reviews: { path: '/reviews/', module: 'public', title: 'Reviews', description: 'What our customers say.' },
  screenShareMode: { path: '/screensharemode/', module: 'public', title: 'Screen-share mode', description: 'Present a draw without showing private details.' },
  admin: { path: '/admin/', module: 'private', title: 'Admin console', description: 'Statistics, customers and credit packs.' },
  error404: { path: '/error/404/', module: 'public', title: 'Page not found', description: 'The page does not exist.' },
} satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof table;
export const ROUTES: Readonly<Record<RouteName, RouteDefinition>> = table;

export class RouteError extends Error {}

const PARAM_IN_PATH = /:([A-Za-z][A-Za-z0-9]*)/g;

/** Rejects a table whose paths and parameter declarations disagree: an undeclared or unused parameter name. */
export function validateRouteTable(routes: Readonly<Record<string, RouteDefinition>>): void {
  const seen = new Set<string>();
  for (const [name, route] of Object.entries(routes)) {
    if (!route.path.startsWith('/') || !route.path.endsWith('/')) throw new RouteError(`Route ${name}: path ${route.path} must start and end with /`);
    if (seen.has(route.path)) throw new RouteError(`Route ${name}: path ${route.path} is listed twice`);
    seen.add(route.path);
    const inPath = [...route.path.matchAll(PARAM_IN_PATH)].map((m) => m[1]);
    const declared = Object.keys(route.params ?? {});
    for (const param of inPath) {
      if (!declared.includes(param)) throw new RouteError(`Route ${name}: parameter :${param} has no declared type`);
    }
    for (const param of declared) {
      if (!inPath.includes(param)) throw new RouteError(`Route ${name}: declared parameter ${param} is not in ${route.path}`);
      if (!(route.params![param] in PARAM_PATTERNS)) throw new RouteError(`Route ${name}: unknown parameter type ${route.params![param]}`);
    }
  }
}

validateRouteTable(ROUTES);

/** Whether every parameter value matches its declared type. */
export function paramsAreValid(route: RouteDefinition, params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(route.params ?? {}).every(([name, kind]) => {
    const value = params[name];
    return value !== undefined && PARAM_PATTERNS[kind].test(value);
  });
}

export interface PathOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  country?: CountryCode;
  hash?: string;
}

/** Builds a link to a route; an unknown parameter or query name, or a value of the wrong type, throws. */
export function pathFor(name: RouteName, options: PathOptions = {}): string {
  const route = ROUTES[name];
  if (!route) throw new RouteError(`Unknown route ${String(name)}`);
  const params = options.params ?? {};
  for (const key of Object.keys(params)) {
    if (!route.params || !(key in route.params)) throw new RouteError(`Route ${name} has no parameter ${key}`);
  }
  if (!paramsAreValid(route, params)) throw new RouteError(`Route ${name}: invalid parameters ${JSON.stringify(params)}`);
  let path = route.path.replace(PARAM_IN_PATH, (_, key: string) => encodeURIComponent(params[key]));
  if (options.country) path = `/${options.country}${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (!route.query?.includes(key)) throw new RouteError(`Route ${name} has no query parameter ${key}`);
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return path + (query ? `?${query}` : '') + (options.hash ? `#${options.hash}` : '');
}

/**
 * The path a page view reports to analytics: the page's own, with each secret parameter (a password reset link's
 * token) left as its name. The token works for an hour; a third party's reports must never hold it.
 */
export function reportedPath(route: RouteDefinition, pathname: string): string {
  const secret = new Set(Object.entries(route.params ?? {}).flatMap(([name, kind]) => (kind === 'token' ? [`:${name}`] : [])));
  if (secret.size === 0) return pathname;
  const { prefix, path } = splitCountryPrefix(pathname);
  const pattern = route.path.split('/');
  const reported = path.split('/').map((segment, i) => (secret.has(pattern[i]) ? pattern[i] : segment));
  return (prefix ? `/${prefix}` : '') + reported.join('/');
}

export function titleFor(route: RouteDefinition, country: CountryCode): string {
  const title = typeof route.title === 'string' ? route.title : (route.title[country] ?? route.title.default);
  return `${title} | ${SITE_NAME}`;
}

/** The paths the router registers: every route bare and under each country prefix. */
export function prefixedPaths(route: RouteDefinition): string[] {
  return [route.path, ...COUNTRY_CODES.map((code) => `/${code}${route.path}`)];
}

/**
 * A safe local ReturnUrl: a path on this site (not `//host`, not a scheme), as login will require.
 */
export function isSafeLocalPath(value: string | null | undefined): value is string {
  // Browsers drop tabs and newlines from URLs and read \ as /: "/\t/evil" and "/\evil" would become "//evil".
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  return ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || /\s/.test(char));
}
