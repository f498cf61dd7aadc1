import dayjs from 'dayjs';

/** Dates on billing pages: "3 Jan 2026", in the visitor's own time zone (invoices and expiries are whole days). */
export function formatBillingDate(iso: string): string {
  return dayjs(iso).format('D MMM YYYY');
}
