import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteErrorScreen, ScreenLoadFailed } from '../shared/errors/components/route-error-screen';
import { UnknownUrl } from '../shared/errors/components/unknown-url';
import type { RouteHandle } from '../lib/route-handle';
import { RouteGate } from './route-gate';
import { prefixedPaths, ROUTES, type RouteName } from '../lib/routes';
import { RootLayout } from './root-layout';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * Each route's screen module, loaded on demand so the first page loads only what it needs. The paths (relative to
 * this file) also name the screen's chunk in Vite's manifest: the build lists each page's chunks for the server
 * to preload (client/src/prerender/prerender.tsx).
 */
export const SCREEN_SOURCES: Record<RouteName, string> = {
  home: './routes/home-page.tsx',
  error404: '../shared/errors/components/not-found-page.tsx',
  login: '../features/accounts/components/login-page.tsx',
  register: '../features/accounts/components/register-page.tsx',
  forgotPassword: '../features/accounts/components/forgot-password-page.tsx',
  resetPassword: '../features/accounts/components/reset-password-page.tsx',
  buyCredits: '../features/billing/components/buy-credits-page.tsx',
  accountEdit: './routes/account-edit-page.tsx',
  draws: '../features/draws/components/draws-list-page.tsx',
  drawDetail: './routes/draw-detail-page.tsx',
  entryCheck: '../features/publication/components/entry-check-page.tsx',
  publication: '../features/publication/components/publication-page.tsx',
  unpublish: '../features/publication/components/unpublish-page.tsx',
  randomNumberGenerator: '../features/tools/components/random-number-generator-page.tsx',
  randomSequenceGenerator: '../features/tools/components/random-sequence-generator-page.tsx',
  lookup: '../features/draws/components/lookup-page.tsx',
  drawLog: '../features/draw-log/components/draw-log-page.tsx',
  certificate: './certificate-route.tsx',
  compliance: '../features/content/components/compliance-page.tsx',
  about: '../features/content/components/about-page.tsx',
  api: '../features/content/components/api-page.tsx',
  faqs: '../features/content/components/faqs-page.tsx',
  news: '../features/content/components/news-page.tsx',
  terms: '../features/content/components/terms-page.tsx',
  privacy: '../features/content/components/privacy-page.tsx',
  cookies: '../features/content/components/cookies-page.tsx',
  contact: '../features/contact/components/contact-page.tsx',
  reviews: '../features/reviews/components/reviews-page.tsx',
  screenShareMode: '../features/screen-share/components/screen-share-page.tsx',
  admin: '../features/admin/components/admin-page.tsx',
};

// Every screen file (a literal pattern: Vite resolves it at build time); SCREEN_SOURCES picks the routes' ones.
const screenModules = import.meta.glob<{ default: ComponentType }>([
  '../features/*/components/*-page.tsx',
  '../shared/errors/components/not-found-page.tsx',
  './certificate-route.tsx',
  './routes/*.tsx',
]);

const screens = Object.fromEntries((Object.keys(SCREEN_SOURCES) as RouteName[]).map((name) => [name, screenModules[SCREEN_SOURCES[name]]])) as Record<RouteName, ScreenModule>;

function routeObjects(): RouteObject[] {
  return (Object.keys(ROUTES) as RouteName[]).flatMap((name) =>
    prefixedPaths(ROUTES[name]).map((path) => ({
      path,
      handle: { name } satisfies RouteHandle,
      errorElement: <RouteErrorScreen />,
      lazy: async () => {
        let Screen: ComponentType;
        try {
          Screen = (await screens[name]()).default;
        } catch (error) {
          // A lost chunk (deploy, network): the navigation ends on an explained error instead of a blank page.
          console.error('Route change failed:', error);
          return { Component: ScreenLoadFailed };
        }
        return {
          Component: () => (
            <RouteGate name={name}>
              <Screen />
            </RouteGate>
          ),
        };
      },
    })),
  );
}

/** The route tree: the page frame around every route's screen. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: (
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      ),
      children: [...routeObjects(), { path: '*', element: <UnknownUrl /> }],
    },
  ];
}

/**
 * Loads the screens of the routes that match `pathname` now, in place of their lazy loading: the router then starts
 * on the screen itself, as the prerendered page does, instead of on the loader (React Router's pattern for
 * hydrating lazy routes).
 */
export async function resolveMatchingScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async (match) => {
      const load = match.route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(match.route, { ...(await load()), lazy: undefined });
    }),
  );
}

export function createAppRouter(routes: RouteObject[] = appRoutes()) {
  return createBrowserRouter(routes);
}
