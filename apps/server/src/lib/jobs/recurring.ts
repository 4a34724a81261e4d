import { CronExpressionParser } from 'cron-parser';

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  // UTC needs no look-up: recurring jobs are registered in UTC at start-up, and the first
  // DateTimeFormat with a time zone costs about 30 ms of loading zone data.
  if (zone === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first instant after `after` at which a five-field cron expression fires, read as wall-clock
 * time in `timeZone` (an IANA name; UTC when unknown). A wall-clock time that a DST change skips
 * fires at the first instant after the gap; one that occurs twice fires once.
 */
export function nextOccurrence(cron: string, timeZone: string, after: Date): Date {
  const tz = isTimeZone(timeZone) ? timeZone : 'UTC';
  return CronExpressionParser.parse(cron, { currentDate: after, tz, strict: false }).next().toDate();
}
