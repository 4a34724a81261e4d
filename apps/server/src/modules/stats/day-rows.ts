import { addDays } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import { sharedRun } from '../../lib/kept';
import * as days from './stats-days.repository';
import type { CompanyClock, StatsFilter } from './stats.repository';

/**
 * A period's day rows with its settled days kept (decision 029; docs/stats.md, "How the figures are
 * kept"). A settled day is five days before the company's today or earlier. Its row (headcount,
 * scheduled, present, late, worked…) moves only with a change the database counts in the company's
 * `days_n` (migration 0038: a day aggregate or employment change of a day more than three days before
 * the UTC date, any holiday or schedule change), so this process keeps settled rows per company and
 * scope under that count and reads from the database only the days it does not hold: the recent days
 * always, a year the first time. A Last Year answer read 730 day rows × schedules per request; now 5.
 */

/** Days before the company's today that are read every time (see the migration for why five). */
export const RECENT_DAYS = 5;
/** Rows this process keeps at most (each a few hundred bytes), over every company and scope. */
const KEPT_ROWS = 100_000;

interface Kept {
  epoch: string;
  weekStart: number;
  /** By day number (`dayNumber`); a day read with no row (a scope without anyone yet) is kept as null. */
  rows: Map<number, days.DayFigures | null>;
  /** The people employed per schedule key at the end of a settled day: the recent days' starting point. */
  base?: { day: string; keys: days.KeyEmployed[] };
}
const kept = new Map<string, Kept>();
const running = new Map<string, Promise<days.DayFigures[]>>();
let keptRows = 0;
/** Day rows read from the database for settled days (the tests read it). */
export const settledWork = { days: 0 };

/** Days since 1970-01-01 of an ISO date: the loops below step through numbers, not date strings. */
const dayNumber = (d: string) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/** Off: every answer reads its whole period from the database (the tests' reference). */
export const keeping = { on: true };

/** Forgets every kept row (tests compare with an answer read whole from the database). */
export function forgetKeptDays() {
  kept.clear();
  keptRows = 0;
}

function keep(key: string, k: Kept) {
  const old = kept.get(key);
  if (old) {
    keptRows -= old.rows.size;
    kept.delete(key);
  }
  kept.set(key, k);
  keptRows += k.rows.size;
  // The least recently used scopes go first.
  for (const [first, v] of kept) {
    if (keptRows <= KEPT_ROWS || first === key) break;
    kept.delete(first);
    keptRows -= v.rows.size;
  }
}

/**
 * The day rows of [from, to] for the filter's scope, as `days.dayFigures` answers them: settled days
 * from what this process keeps (read once per count of changes), the rest from the database.
 */
export async function dayRows(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  p: { from: string; to: string; attTo: string },
  clock: Pick<CompanyClock, 'today' | 'week_start' | 'days_epoch'>,
): Promise<days.DayFigures[]> {
  const weekStart = clock.week_start;
  const recentFrom = addDays(clock.today, -(RECENT_DAYS - 1));
  // Settled and already judged: the attendance of a kept row is counted whatever the period.
  const candidates = [p.to, p.attTo, addDays(recentFrom, -1)].sort();
  const settledTo = candidates[0] as string;
  if (!keeping.on || settledTo < p.from) return days.dayFigures(tx, companyId, f, { ...p, weekStart });

  const key = `${companyId}|${f.team ?? ''}|${f.department ?? ''}`;
  let k = kept.get(key);
  if (!k || k.epoch !== clock.days_epoch || k.weekStart !== weekStart) {
    k = { epoch: clock.days_epoch, weekStart, rows: new Map() };
  }
  const first = dayNumber(p.from);
  const last = dayNumber(settledTo);
  let missingFrom: number | null = null;
  let missingTo: number | null = null;
  for (let d = first; d <= last; d++) {
    if (k.rows.has(d)) continue;
    missingFrom ??= d;
    missingTo = d;
  }
  if (missingFrom !== null && missingTo !== null) {
    const from = addDays(p.from, missingFrom - first);
    const to = addDays(p.from, missingTo - first);
    // Callers missing the same days at once (a cold screen opened by many) share one read.
    const read = await sharedRun(running, `${key}|${clock.days_epoch}|${weekStart}|${from}|${to}`, async () => {
      const r = await days.dayFigures(tx, companyId, f, { from, to, attTo: to, weekStart });
      settledWork.days += r.length;
      return r;
    });
    const settled = new Map(read.map((r) => [dayNumber(r.day), r]));
    for (let d = missingFrom; d <= missingTo; d++) k.rows.set(d, settled.get(d) ?? null);
  }
  // Kept before the recent days are read: a caller arriving meanwhile finds the settled ones.
  keep(key, k);
  let recent: days.DayFigures[] = [];
  if (settledTo < p.to) {
    // Headcount is a running sum from the first change ever: its value at the settled end is kept
    // too, so the recent days read only their own changes.
    if (k.base?.day !== settledTo)
      k.base = { day: settledTo, keys: await days.employedByKey(tx, companyId, f, settledTo) };
    const from = addDays(settledTo, 1);
    recent = await days.dayFigures(tx, companyId, f, { from, to: p.to, attTo: p.attTo, weekStart, base: k.base.keys });
  }
  const out: days.DayFigures[] = [];
  for (let d = first; d <= last; d++) {
    const r = k.rows.get(d);
    if (r) out.push(r);
  }
  return out.concat(recent);
}
