/**
 * Calendar days and wall-clock times in a company's IANA time zone. A "day" is the company's day:
 * it may last 23 or 25 hours on a daylight-saving change, so durations are always differences of
 * instants, never 24 h multiples.
 */

/** `YYYY-MM-DD`. */
export type IsoDate = string;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string) {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour! % 24, minute: p.minute!, second: p.second! };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The company's calendar day an instant falls on. */
export function zonedDate(instant: Date, timeZone: string): IsoDate {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: Date, timeZone: string) {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time of a day happens in a zone. A time skipped by a spring-forward
 * change maps to the instant just after the gap; an hour repeated in the autumn takes its first pass.
 */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  // A timesheet asks the same few (day, time, zone) triples again and again, and each answer costs
  // three or four Intl readings: remembered (a fresh Date each time, as callers may change it).
  const key = `${timeZone}|${date}|${time}`;
  let at = instants.get(key);
  if (at === undefined) {
    if (instants.size >= 20_000) instants.clear();
    at = computeInstant(date, time, timeZone);
    instants.set(key, at);
  }
  return new Date(at);
}

const instants = new Map<string, number>();

function computeInstant(date: IsoDate, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = offsetMinutes(new Date(wall), timeZone);
  const candidates = [wall - first * 60_000];
  const second = offsetMinutes(new Date(candidates[0]!), timeZone);
  if (second !== first) candidates.push(wall - second * 60_000);
  const exact = candidates
    .filter((c) => offsetMinutes(new Date(c), timeZone) * 60_000 + c === wall)
    .sort((a, b) => a - b);
  if (exact.length) return exact[0]!;
  // In a gap: the later of the two readings lands after it.
  return Math.max(...candidates);
}

/** The instant a company's day starts and the instant the next one starts. */
export function dayBounds(date: IsoDate, timeZone: string) {
  return { start: zonedInstant(date, '00:00', timeZone), end: zonedInstant(addDays(date, 1), '00:00', timeZone) };
}

export function addDays(date: IsoDate, n: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: IsoDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return w === 0 ? 7 : w;
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The first day of the week containing `date`, for a week starting on ISO weekday `weekStart`. */
export function weekStartOf(date: IsoDate, weekStart: number): IsoDate {
  return addDays(date, -((isoWeekday(date) - weekStart + 7) % 7));
}

/** Minutes since midnight of `HH:MM`. */
export const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
