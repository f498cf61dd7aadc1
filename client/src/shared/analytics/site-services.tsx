import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { SiteConfigurationResponseDto } from '../../api/site-api';
import { splitCountryPrefix } from '../../lib/countries';
import type { RouteName } from '../../lib/routes';
import { SwitchableAnalytics } from './analytics';
import { useAnalytics } from './analytics-context';
import { Ga4Analytics } from './ga4-analytics';
import { loadScript } from './script-loader';
import { SCROLL_CHECK_MS, SCROLL_TRACKED_ROUTES, ScrollDepthTracker, scrollPercent } from './scroll-depth';
import { toolData, useStructuredData } from './structured-data';

const CHAT_DELAY_MS = 5000;
const STARTED_AT = Date.now();

/** The chat widget never loads on certificate pages nor in the admin area (part 1 §2). */
export function chatAllowedOn(pathname: string): boolean {
  const { path } = splitCountryPrefix(pathname);
  return !path.startsWith('/cert/') && !path.startsWith('/admin/');
}

/** Loads the configured third-party services; nothing at all when none is configured. */
export function ThirdPartyServices({ site }: { site: SiteConfigurationResponseDto | undefined }) {
  const analytics = useAnalytics();
  const { pathname } = useLocation();
  const analyticsId = site?.thirdParty.analyticsId;
  const chatUrl = site?.thirdParty.chatWidgetUrl;
  const chatAllowed = chatAllowedOn(pathname);
  const chatLoaded = useRef(false);

  const configured = site !== undefined;
  useEffect(() => {
    if (configured && analytics instanceof SwitchableAnalytics) analytics.use(analyticsId ? new Ga4Analytics(analyticsId) : null);
  }, [configured, analyticsId, analytics]);

  useEffect(() => {
    if (!chatUrl || !chatAllowed || chatLoaded.current) return;
    // Deferred 5 s after the app started, so the widget never competes with the page's own loading.
    const timer = setTimeout(
      () => {
        chatLoaded.current = true;
        loadScript(chatUrl, { 'data-service': 'chat' });
      },
      Math.max(0, STARTED_AT + CHAT_DELAY_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [chatUrl, chatAllowed]);

  return null;
}

/** Scroll depth on the pages the spec names: read at most every 500 ms, the event at most once a minute. */
export function useScrollDepth(routeName: RouteName | undefined, pathname: string): void {
  const analytics = useAnalytics();
  const tracked = !!routeName && (SCROLL_TRACKED_ROUTES as readonly string[]).includes(routeName);
  useEffect(() => {
    if (!tracked) return;
    const tracker = new ScrollDepthTracker((depth, marks) => analytics.event('scroll', { depth, marks: marks.join(','), path: pathname }));
    let checkTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      checkTimer = undefined;
      const at = tracker.check(scrollPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight), Date.now());
      if (at !== undefined && !flushTimer) {
        flushTimer = setTimeout(() => {
          flushTimer = undefined;
          tracker.flush(Date.now());
        }, at - Date.now());
      }
    };
    const onScroll = () => {
      checkTimer ??= setTimeout(check, SCROLL_CHECK_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(checkTimer);
      clearTimeout(flushTimer);
    };
  }, [tracked, pathname, analytics]);
}

const TOOLS: Record<string, { name: string; description: string }> = {
  'random-number-generator': { name: 'FairDraw Random Number Generator', description: 'Up to a million random numbers from 0 to one quintillion, unique or not, with an optional quantum seed. Free.' },
  'random-sequence-generator': { name: 'FairDraw Random Sequence Generator', description: 'A range of integers in random order, up to a million, exportable. Free.' },
};

/** Tool metadata on paths containing a generator's name (part 1 §2). */
export function ToolMetadata({ pathname }: { pathname: string }) {
  const key = Object.keys(TOOLS).find((name) => pathname.includes(name));
  useStructuredData('tool', key ? toolData(TOOLS[key].name, TOOLS[key].description) : undefined);
  return null;
}
