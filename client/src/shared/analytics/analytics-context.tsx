import { createContext, type ReactNode, useContext } from 'react';
import { type Analytics, noopAnalytics } from './analytics';

const AnalyticsContext = createContext<Analytics>(noopAnalytics);

export function AnalyticsProvider({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}
