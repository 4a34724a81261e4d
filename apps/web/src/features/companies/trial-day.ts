/**
 * A trial ends at an instant; the super admin picks a day. The day is the reader's: the listing,
 * the platform screen and the dashboard write the instant in the reader's time zone, so the
 * instant is the end of the picked day there (midnight UTC showed "Dec 19" in New York for a
 * trial set to end on Dec 20, and took the last day away).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** The reader's calendar day (`YYYY-MM-DD`) of a trial's end; '' for none. */
export function trialDayOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The last millisecond of a day (`YYYY-MM-DD`) in the reader's time zone, as an ISO instant. */
export function trialEndOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999).toISOString();
}
