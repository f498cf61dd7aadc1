import { Box, Progress } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useSiteConfigurationData } from '../api/site-api';
import { SessionKeeper } from '../features/accounts/components/session-keeper';
import { selectLoginRequiredCount } from '../lib/session/session-slice';
import { useAnalytics } from '../shared/analytics/analytics-context';
import { ThirdPartyServices, ToolMetadata, useScrollDepth } from '../shared/analytics/site-services';
import { ScreenShareBar } from '../features/screen-share/components/screen-share-bar';
import { SiteFooter } from '../features/site/components/site-footer';
import { SiteHeader } from '../features/site/components/site-header';
import { countryChanged } from '../lib/site/site-slice';
import { currentCountry } from '../lib/countries';
import { pageHostname } from '../lib/page-values';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { useCurrentRoute } from '../lib/route-handle';
import { reportedPath, titleFor } from '../lib/routes';
import { useRouteLink } from '../lib/use-route-link';
import classes from './root-layout.module.css';

/** The page frame and the behaviour every route shares (part 1 §2, §4, §8). */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const analytics = useAnalytics();
  const current = useCurrentRoute();
  const link = useRouteLink();
  // The build prerenders pages only for hosts without a country of their own: the same country either way.
  const country = currentCountry(location.pathname, pageHostname());
  const { data: site } = useSiteConfigurationData({ country });
  const loginRequiredCount = useAppSelector(selectLoginRequiredCount);
  useScrollDepth(current?.name, location.pathname);

  useEffect(() => {
    dispatch(countryChanged(country));
  }, [country, dispatch]);

  // A layout effect: it runs before every screen's effects, so a screen with its own title (a certificate's, known
  // at once when the page was rendered with its data) sets it after this one.
  useLayoutEffect(() => {
    if (!current) return;
    document.title = titleFor(current.route, country);
    // Each screen's own summary for search results and link previews (index.html carries the site's).
    document.querySelector('meta[name="description"]')?.setAttribute('content', current.route.description);
  }, [current?.name, country, location.pathname]);

  useEffect(() => {
    if (current) analytics.pageView(reportedPath(current.route, location.pathname), titleFor(current.route, country));
  }, [current?.name, country, location.pathname, analytics]);

  // A layout effect runs before the screens' effects, so a screen may still scroll somewhere (home's ?pricing). Not
  // on the first screen: its scroll position is the browser's, or the visitor's who scrolled before the app ran.
  const firstScreen = useRef(true);
  useLayoutEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  useEffect(() => {
    // A failed login answers 401 too: on the login screen there is nowhere further to send the visitor.
    if (loginRequiredCount === 0 || current?.name === 'login') return;
    const returnUrl = window.location.pathname + window.location.search;
    void navigate(link('login', { query: { ReturnUrl: returnUrl } }));
    // Only a new 401 sends the visitor to login, not a re-render.
  }, [loginRequiredCount]);

  if (!location.pathname.endsWith('/')) {
    return <Navigate to={location.pathname + '/' + location.search + location.hash} replace />;
  }

  const loading = navigation.state !== 'idle';
  // An owner's preview frame of a public page (`/cert/…/?prev=true`: the publication, entry check and branding
  // previews) shows that page as the public sees it, without the site's header, account menu and footer.
  if (current?.name === 'certificate' && new URLSearchParams(location.search).get('prev') === 'true') {
    return (
      <Box component="main" id="main" className={classes.main}>
        <Outlet />
      </Box>
    );
  }
  return (
    <Box className={classes.shell}>
      {loading && <Progress value={100} animated striped size={3} radius={0} className={classes.progress} aria-label="Loading page" />}
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <SiteHeader />
      <ScreenShareBar />
      <Box component="main" id="main" className={current?.route.fullBackground ? classes.fullBackground : classes.main}>
        <Outlet />
      </Box>
      <SiteFooter />
      <SessionKeeper />
      <ThirdPartyServices site={site} />
      <ToolMetadata pathname={location.pathname} />
    </Box>
  );
}
