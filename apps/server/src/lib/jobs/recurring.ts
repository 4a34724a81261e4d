import { CronExpressionParser } from 'cron-parser';

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
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
