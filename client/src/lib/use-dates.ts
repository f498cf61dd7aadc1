import { useLocation } from 'react-router';
import { formatDate, formatDateTime } from '../../../libs/rules/src/index';
import { currentCountry } from './countries';
import { useHostname } from './page-values';

/** The browser's own time zone, for moments that belong to no draw (an invoice, an API key's last use). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export interface Dates {
  /** A calendar day in the country site's format (libs/rules date-format), in the zone given or the visitor's. */
  date: (moment: string | number | Date, zone?: string) => string;
  /** A moment in the country site's format; the caller shows the zone beside it where it is not the visitor's. */
  dateTime: (moment: string | number | Date, zone?: string, options?: { seconds?: boolean }) => string;
}

/**
 * Dates as the country site the visitor is on writes them (issue 27: one format per locale), the rule the server's
 * PDFs apply too. The host name is read as hydration allows, so a prerendered date matches its first render.
 */
export function useDates(): Dates {
  const country = currentCountry(useLocation().pathname, useHostname());
  return {
    date: (moment, zone) => formatDate(moment, country, zone ?? browserTimeZone()),
    dateTime: (moment, zone, options) => formatDateTime(moment, country, zone ?? browserTimeZone(), options),
  };
}
