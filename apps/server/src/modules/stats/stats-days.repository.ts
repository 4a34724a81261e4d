import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dateArray, intLiteral, rows, uuidArray } from '../../lib/sql';
import type { StatsFilter, TimeOffTaken } from './stats.repository';

const NIL = '00000000-0000-0000-0000-000000000000';

/**
 * The aggregate scope a filter reads (migration `0028_stats_day_aggregates`): the whole company (nil
 * uuid), a team, a department, or a team within a department.
 */
export const scopeOf = (f: StatsFilter) =>
  f.team && f.department
    ? sql`stats_pair_scope(${f.team}::uuid, ${f.department}::uuid)`
    : sql`${f.team ?? f.department ?? NIL}::uuid`;

export interface DayFigures {
  day: string;
  weekday: number;
  week_start: string;
  /** People employed that day. */
  employed: number;
  /** Employed member-days counted for attendance (days up to `attTo`). */
  member_days: number;
  scheduled: number;
  present: number;
  late: number;
  came: number;
  worked_seconds: number;
  overtime_seconds: number;
  joined: number;
  left: number;
}

/**
 * One row per company day of [from, to] for the filter's scope, from the trigger-kept aggregates
 * (never the entries nor the people): headcount is the running sum of the employment changes per
 * schedule key; a day is scheduled for a key when that schedule (the default for the nil key) has
 * hours that weekday and it is no holiday, read now; the attendance sums are the judged days' (only
 * days up to `attTo`, the last one that is over). Reads the scope's employment changes up to `to`
 * and at most (to − from + 1) × keys × 8 shards day rows.
 */
export function dayFigures(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  p: { from: string; to: string; attTo: string; weekStart: number; base?: KeyEmployed[] },
) {
  const scope = scopeOf(f);
  // Given the people employed per key before `from` (`employedByKey`), only the period's changes are read.
  const given = p.base;
  return rows<DayFigures>(
    tx,
    sql`WITH sp AS (
          SELECT day, schedule_key AS key, delta, joined, "left" FROM stats_scope_spans
           WHERE company_id = ${companyId} AND scope_id = ${scope} AND day <= ${p.to}::date
             ${given ? sql`AND day >= ${p.from}::date` : sql``}),
        base AS (${
          given
            ? sql`SELECT b.key, b.e FROM unnest(${uuidArray(given.map((b) => b.key))},
                         ${`{${given.map((b) => b.employed).join(',')}}`}::int[]) AS b(key, e)`
            : sql`SELECT key, sum(delta) AS e FROM sp WHERE day < ${p.from}::date GROUP BY key`
        }),
        inper AS (SELECT key, day, sum(delta) AS dd FROM sp WHERE day >= ${p.from}::date GROUP BY key, day),
        jl AS (SELECT day, sum(joined) AS joined, sum("left") AS lft FROM sp WHERE day >= ${p.from}::date GROUP BY day),
        keys AS (SELECT key FROM base UNION SELECT key FROM sp),
        days AS (SELECT d::date AS day FROM generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d),
        grid AS (
          SELECT days.day, keys.key,
                 coalesce(b.e, 0) + coalesce(sum(i.dd) OVER (PARTITION BY keys.key ORDER BY days.day), 0) AS employed
            FROM days CROSS JOIN keys
            LEFT JOIN base b ON b.key = keys.key
            LEFT JOIN inper i ON i.key = keys.key AND i.day = days.day),
        att AS (
          SELECT day, schedule_key AS key, sum(came) AS came, sum(present) AS present, sum(late) AS late,
                 sum(worked_seconds) AS worked, sum(overtime_seconds) AS overtime, sum(away) AS away
            FROM stats_scope_days
           WHERE company_id = ${companyId} AND scope_id = ${scope} AND day BETWEEN ${p.from}::date AND ${p.attTo}::date
           GROUP BY 1, 2),
        j AS (
          SELECT g.day, g.employed, a.came, a.present, a.late, a.worked, a.overtime, a.away,
                 (g.day <= ${p.attTo}::date
                  AND NOT EXISTS (SELECT 1 FROM holidays h WHERE h.company_id = ${companyId} AND h.date = g.day)
                  AND coalesce(jsonb_typeof(ws.days -> (extract(isodow FROM g.day)::int - 1)) = 'object', false)) AS sched
            FROM grid g
            LEFT JOIN att a ON a.day = g.day AND a.key = g.key
            LEFT JOIN work_schedules ws ON ws.company_id = ${companyId}
                 AND ws.id = CASE WHEN g.key = ${NIL}::uuid
                                  THEN (SELECT w.id FROM work_schedules w WHERE w.company_id = ${companyId} AND w.is_default LIMIT 1)
                                  ELSE g.key END)
        SELECT to_char(j.day, 'YYYY-MM-DD') AS day, extract(isodow FROM j.day)::int AS weekday,
               to_char(j.day - ((extract(isodow FROM j.day)::int - ${p.weekStart} + 7) % 7), 'YYYY-MM-DD') AS week_start,
               sum(j.employed)::int AS employed,
               coalesce(sum(j.employed) FILTER (WHERE j.day <= ${p.attTo}::date), 0)::int AS member_days,
               coalesce(sum(j.employed - coalesce(j.away, 0)) FILTER (WHERE j.sched), 0)::int AS scheduled,
               coalesce(sum(j.present), 0)::int AS present,
               coalesce(sum(j.late), 0)::int AS late,
               coalesce(sum(j.came), 0)::int AS came,
               coalesce(sum(j.worked), 0)::float8 AS worked_seconds,
               coalesce(sum(j.overtime), 0)::float8 AS overtime_seconds,
               coalesce(max(jl.joined), 0)::int AS joined,
               coalesce(max(jl.lft), 0)::int AS left
          FROM j LEFT JOIN jl ON jl.day = j.day
         GROUP BY j.day ORDER BY j.day`,
  );
}

export interface KeyEmployed {
  key: string;
  employed: number;
}

/** The people of the filter's scope employed at the end of `day`, per schedule key (every key seen so far). */
export function employedByKey(tx: Tx, companyId: string, f: StatsFilter, day: string) {
  return rows<KeyEmployed>(
    tx,
    sql`SELECT schedule_key AS key, sum(delta)::int AS employed FROM stats_scope_spans
         WHERE company_id = ${companyId} AND scope_id = ${scopeOf(f)} AND day <= ${day}::date
         GROUP BY schedule_key`,
  );
}

/** Every member of the company, in id order (the rebuild walks them in batches). */
export async function memberIds(tx: Tx, companyId: string, after: string | null, limit: number) {
  const r = await rows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM memberships WHERE company_id = ${companyId}
         ${after ? sql`AND user_id > ${after}` : sql``} ORDER BY user_id LIMIT ${intLiteral(limit)}`,
  );
  return r.map((x) => x.user_id);
}

/** Empties the company's Stats aggregates (the rebuild's first step). */
export async function resetAggregates(tx: Tx, companyId: string) {
  await tx.execute(sql`SELECT set_config('wac.stats_rebuild', 'on', true)`);
  await tx.execute(sql`SELECT stats_aggregates_reset(${companyId})`);
}

/**
 * Derives these members again from the raw rows (their contribution taken back, then added). With
 * `sums` false (the rebuild) only their own rows are written; `rebuildSums` adds them up after.
 */
export async function refreshMembers(tx: Tx, companyId: string, userIds: string[], sums = true) {
  // Without sums, the time-off amounts are added up after too (stats_member_scopes' trigger is off).
  if (!sums) await tx.execute(sql`SELECT set_config('wac.stats_rebuild', 'on', true)`);
  await tx.execute(
    sql`SELECT stats_member_refresh(${companyId}, ${`{${userIds.join(',')}}`}::uuid[], NULL, NULL, true, ${sums})`,
  );
}

/** The first and last day with a judged member-day (the rebuild adds up the days in between). */
export async function factDays(tx: Tx, companyId: string) {
  const [r] = await rows<{ first: string | null; last: string | null }>(
    tx,
    sql`SELECT to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last
          FROM stats_member_facts WHERE company_id = ${companyId}`,
  );
  return r ?? { first: null, last: null };
}

/** The sums of days [from, to] recomputed from the members' rows (writes of the company wait meanwhile). */
export async function rebuildSums(tx: Tx, companyId: string, from: string, to: string) {
  await tx.execute(sql`SELECT stats_scope_days_rebuild(${companyId}, ${from}::date, ${to}::date)`);
}

/**
 * The employment changes and the time-off amounts recomputed from the members' rows, and the policy
 * figures' changes derived again for every member (migration 0043).
 */
export async function rebuildSpans(tx: Tx, companyId: string) {
  await tx.execute(sql`SELECT stats_scope_spans_rebuild(${companyId})`);
  await tx.execute(sql`SELECT stats_scope_time_off_rebuild(${companyId})`);
  await tx.execute(sql`SELECT stats_policy_rebuild(${companyId})`);
}

/**
 * Approved time off of the scope's people whose request starts in each period, summed per type, from
 * the trigger-kept sums per start day (at most a row per day and type): one list per period, in the
 * order given, each in name order.
 */
export async function timeOffTaken(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  periods: Array<{ from: string; to: string }>,
) {
  const [lo] = periods.map((p) => p.from).sort();
  const [hi] = periods
    .map((p) => p.to)
    .sort()
    .reverse();
  const r = await rows<TimeOffTaken & { period: number }>(
    tx,
    sql`SELECT k.i AS period, t.id AS type_id, t.name, t.color, t.unit, sum(s.amount)::float8 AS amount
          FROM stats_scope_time_off s
          JOIN time_off_types t ON t.company_id = s.company_id AND t.id = s.type_id
          JOIN unnest(${dateArray(periods.map((p) => p.from))}, ${dateArray(periods.map((p) => p.to))})
               WITH ORDINALITY AS k(f, t, i) ON s.day BETWEEN k.f AND k.t
         WHERE s.company_id = ${companyId} AND s.scope_id = ${scopeOf(f)} AND s.day BETWEEN ${lo}::date AND ${hi}::date
         GROUP BY k.i, t.id, t.name, t.color, t.unit
        HAVING sum(s.amount) <> 0
         ORDER BY k.i, lower(t.name), t.id`,
  );
  return periods.map((_, i) => r.filter((x) => Number(x.period) === i + 1).map(({ period: _p, ...x }) => x));
}
