import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen, ScreenLoadFailed } from '../features/errors/components/route-error-screen';
import { UnknownUrl } from '../features/errors/components/unknown-url';
import type { RouteHandle } from './route-handle';
import { RouteGate } from './route-gate';
import { prefixedPaths, ROUTES, type RouteName } from './routes';
import { RootLayout } from './root-layout';

type ScreenModule = () => Promise<{ default: ComponentType }>;


/** Each route's screen, loaded on demand so the first page loads only what it needs. */
const screens: Record<RouteName, ScreenModule> = {
  home: () => import('../features/home/components/home-page'),
  error404: () => import('../features/errors/components/not-found-page'),
  login: () => import('../features/accounts/components/login-page'),
  register: () => import('../features/accounts/components/register-page'),
  forgotPassword: () => import('../features/accounts/components/forgot-password-page'),
  resetPassword: () => import('../features/accounts/components/reset-password-page'),
  buyCredits: () => import('../features/billing/components/buy-credits-page'),
  accountEdit: () => import('../features/accounts/components/account-edit-page'),
  draws: () => import('../features/draws/components/draws-list-page'),
  drawDetail: () => import('../features/draws/components/draw-detail-page'),
  entryCheck: () => import('../features/publication/components/entry-check-page'),
  publication: () => import('../features/publication/components/publication-page'),
  unpublish: () => import('../features/publication/components/unpublish-page'),
  randomNumberGenerator: () => import('../features/tools/components/random-number-generator-page'),
  randomSequenceGenerator: () => import('../features/tools/components/random-sequence-generator-page'),
  lookup: () => import('../features/draws/components/lookup-page'),
  certificate: () => import('./certificate-route'),
  compliance: () => import('../features/content/components/compliance-page'),
  about: () => import('../features/content/components/about-page'),
  api: () => import('../features/content/components/api-page'),
  faqs: () => import('../features/content/components/faqs-page'),
  news: () => import('../features/content/components/news-page'),
  terms: () => import('../features/content/components/terms-page'),
  privacy: () => import('../features/content/components/privacy-page'),
  cookies: () => import('../features/content/components/cookies-page'),
  contact: () => import('../features/contact/components/contact-page'),
  reviews: () => import('../features/reviews/components/reviews-page'),
  screenShareMode: () => import('../features/screen-share/components/screen-share-page'),
  admin: () => import('../features/admin/components/admin-page'),
};

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

export function createAppRouter() {
  return createBrowserRouter([
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
  ]);
}
