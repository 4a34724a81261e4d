import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../lib/sql';
import { NOT_EMPLOYED_KEY } from '../../db/board-keys';

/** Who a figure counts: the company's members, optionally of one team and/or one department. */
export interface StatsFilter {
  team?: string;
  department?: string;
}

export interface CompanyClock {
  time_zone: string;
  week_start: number;
  today: string;
  /** Whether the company has a policy (else the policy figures are zero without a statement). */
  has_policies: boolean;
  /** Whether the company has a certification type (likewise). */
  has_certification_types: boolean;
  /** The company's count of changes that move a settled day's Stats day row (`days_n`, migration 0038). */
  days_epoch: string;
  /** The company's count of changes that move Certifications valid % (`n`, migration 0046). */
  certs_epoch: string;
}

/** The company's zone, week start and today's company date, and whether it has policies and certifications. */
export async function clock(tx: Tx, companyId: string) {
  const [r] = await rows<CompanyClock>(
    tx,
    sql`SELECT c.time_zone, coalesce(s.week_start, 1)::int AS week_start,
               to_char((now() AT TIME ZONE c.time_zone)::date, 'YYYY-MM-DD') AS today,
               EXISTS (SELECT 1 FROM policies p WHERE p.company_id = c.id) AS has_policies,
               EXISTS (SELECT 1 FROM certification_types ct WHERE ct.company_id = c.id) AS has_certification_types,
               coalesce(x.days_n, 0)::text AS days_epoch, coalesce(x.n, 0)::text AS certs_epoch
          FROM companies c LEFT JOIN attendance_settings s ON s.company_id = c.id
          LEFT JOIN stats_epochs x ON x.company_id = c.id
         WHERE c.id = ${companyId}`,
  );
  return r ?? null;
}

export async function teamExists(tx: Tx, companyId: string, teamId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM teams WHERE company_id = ${companyId} AND id = ${teamId}`,
  );
  return r.length > 0;
}

/**
 * The people of the filter with their employment span: start = the employee record's start date,
 * else the company day the membership was created; end = the record's end date (null: still employed).
 * Team and department are today's (neither keeps a history).
 */
export const peopleCte = (companyId: string, f: StatsFilter): SQL => sql`people AS MATERIALIZED (
  SELECT m.user_id,
         coalesce(e.start_date, (m.created_at AT TIME ZONE (SELECT time_zone FROM companies WHERE id = ${companyId}))::date) AS start_d,
         e.end_date AS end_d
    FROM memberships m
    LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
   WHERE m.company_id = ${companyId}
     ${f.team ? sql`AND EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.team_id = ${f.team} AND tm.user_id = m.user_id)` : sql``}
     ${f.department ? sql`AND e.department_id = ${f.department}` : sql``}
)`;

/** Whether the filter narrows the company (without one, every membership is in the figures). */
export const filtered = (f: StatsFilter) => Boolean(f.team || f.department);

export interface PeopleFigures {
  headcount_start: number;
  headcount_end: number;
  joiners: number;
  leavers: number;
}

/** Headcount on the first and last day, joiners (start inside) and leavers (end inside) of a period. */
export async function peopleFigures(tx: Tx, companyId: string, f: StatsFilter, from: string, to: string) {
  const [r] = await rows<PeopleFigures>(
    tx,
    sql`WITH ${peopleCte(companyId, f)}
        SELECT count(*) FILTER (WHERE start_d <= ${from}::date AND (end_d IS NULL OR end_d >= ${from}::date))::int AS headcount_start,
               count(*) FILTER (WHERE start_d <= ${to}::date AND (end_d IS NULL OR end_d >= ${to}::date))::int AS headcount_end,
               count(*) FILTER (WHERE start_d BETWEEN ${from}::date AND ${to}::date)::int AS joiners,
               count(*) FILTER (WHERE end_d BETWEEN ${from}::date AND ${to}::date)::int AS leavers
          FROM people`,
  );
  return r ?? { headcount_start: 0, headcount_end: 0, joiners: 0, leavers: 0 };
}

/** Headcount at each of the given dates. */
export function headcountAt(tx: Tx, companyId: string, f: StatsFilter, dates: string[]) {
  if (!dates.length) return Promise.resolve([]);
  return rows<{ date: string; headcount: number }>(
    tx,
    sql`WITH ${peopleCte(companyId, f)}, ds AS (SELECT unnest(${`{${dates.join(',')}}`}::date[]) AS d)
        SELECT to_char(ds.d, 'YYYY-MM-DD') AS date,
               (SELECT count(*) FROM people p WHERE p.start_d <= ds.d AND (p.end_d IS NULL OR p.end_d >= ds.d))::int AS headcount
          FROM ds ORDER BY ds.d`,
  );
}

export interface AttendanceRow {
  /** 'all' | 'week' | 'weekday' */
  grp: string;
  week_start: string | null;
  weekday: number | null;
  member_days: number;
  scheduled: number;
  present: number;
  late: number;
  worked_days: number;
  worked_seconds: number;
  overtime_seconds: number;
}

/**
 * The attendance aggregates of a period, from `stats_member_days` (never the raw entries): each
 * employed member-day, its schedule (latest assignment by then, else the default), whether it is a
 * scheduled working day (not a holiday, and not on approved leave unless the person came in), and
 * the day's aggregate row. Totals, per week and per
 * weekday in one pass (grouping sets).
 */
export function attendanceFigures(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  p: { from: string; to: string; timeZone: string; weekStart: number },
) {
  return rows<AttendanceRow>(
    tx,
    sql`WITH ${peopleCte(companyId, f)},
        days AS (SELECT d::date AS day FROM generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d),
        asg AS (
          SELECT user_id, schedule_id, effective_from AS f,
                 lead(effective_from) OVER (PARTITION BY user_id ORDER BY effective_from) AS t
            FROM schedule_assignments WHERE company_id = ${companyId}
        ),
        md AS (
          SELECT p.user_id, days.day, ws.break_minutes, ws.grace_minutes,
                 CASE WHEN h.id IS NULL THEN ws.days -> (extract(isodow FROM days.day)::int - 1) END AS sd
            FROM people p
            JOIN days ON days.day >= p.start_d AND (p.end_d IS NULL OR days.day <= p.end_d)
            LEFT JOIN asg a ON a.user_id = p.user_id AND a.f <= days.day AND (a.t IS NULL OR days.day < a.t)
            LEFT JOIN work_schedules ws ON ws.company_id = ${companyId}
                 AND ws.id = coalesce(a.schedule_id, (SELECT id FROM work_schedules WHERE company_id = ${companyId} AND is_default LIMIT 1))
            LEFT JOIN holidays h ON h.company_id = ${companyId} AND h.date = days.day
        ),
        facts AS (
          SELECT md.day, s.user_id IS NOT NULL AS came, coalesce(s.worked_seconds, 0) AS worked,
                 (md.sd IS NOT NULL AND jsonb_typeof(md.sd) = 'object') AS scheduled,
                 s.first_in,
                 CASE WHEN md.sd IS NOT NULL AND jsonb_typeof(md.sd) = 'object' THEN
                   (md.day + (md.sd->>'start')::time) AT TIME ZONE ${p.timeZone} END AS start_at,
                 CASE WHEN md.sd IS NOT NULL AND jsonb_typeof(md.sd) = 'object' THEN
                   ((CASE WHEN (md.sd->>'end') > (md.sd->>'start') THEN md.day ELSE md.day + 1 END) + (md.sd->>'end')::time)
                     AT TIME ZONE ${p.timeZone} END AS end_at,
                 md.break_minutes, md.grace_minutes,
                 EXISTS (SELECT 1 FROM time_off_requests r
                          WHERE r.company_id = ${companyId} AND r.user_id = md.user_id AND r.status = 'approved'
                            AND r.start_date <= md.day AND r.end_date >= md.day) AS on_leave
            FROM md
            LEFT JOIN stats_member_days s ON s.company_id = ${companyId} AND s.day = md.day AND s.user_id = md.user_id
        ),
        judged AS (
          -- A scheduled day on approved leave (whole or half) that the person did not come in is not
          -- expected of them, as on the day board: neither attended nor absent.
          SELECT day, came, worked, scheduled AND (came OR NOT on_leave) AS scheduled,
                 (scheduled AND came AND first_in > start_at + grace_minutes * interval '1 minute') AS late,
                 CASE WHEN scheduled THEN greatest(0, round(extract(epoch FROM end_at - start_at) / 60) - break_minutes) ELSE 0 END AS expected_minutes,
                 (day - ((extract(isodow FROM day)::int - ${p.weekStart} + 7) % 7)) AS week_start
            FROM facts
        )
        SELECT CASE WHEN grouping(week_start) = 0 THEN 'week' WHEN grouping(extract(isodow FROM day)) = 0 THEN 'weekday' ELSE 'all' END AS grp,
               to_char(week_start, 'YYYY-MM-DD') AS week_start,
               extract(isodow FROM day)::int AS weekday,
               count(*)::int AS member_days,
               count(*) FILTER (WHERE scheduled)::int AS scheduled,
               count(*) FILTER (WHERE scheduled AND came)::int AS present,
               count(*) FILTER (WHERE late)::int AS late,
               count(*) FILTER (WHERE came)::int AS worked_days,
               coalesce(sum(worked) FILTER (WHERE came), 0)::bigint AS worked_seconds,
               coalesce(sum(greatest(0, worked - expected_minutes * 60)) FILTER (WHERE came), 0)::bigint AS overtime_seconds
          FROM judged
         GROUP BY GROUPING SETS ((), (week_start), (extract(isodow FROM day)))`,
  );
}

/**
 * The days the rebuild must visit for a company: from the first to the last day of its entries,
 * approved time off, member-days, leave days and counts (so rows that drifted outside the entries'
 * days are emptied too). Null when there is none.
 */
export async function rebuildSpan(tx: Tx, companyId: string) {
  const r = await rows<{ from: string | null; to: string | null }>(
    tx,
    sql`SELECT least((SELECT min(work_date) FROM attendance_entries WHERE company_id = ${companyId}),
                     (SELECT min(start_date) FROM time_off_requests WHERE company_id = ${companyId} AND status = 'approved'),
                     (SELECT min(day) FROM stats_member_days WHERE company_id = ${companyId}),
                     (SELECT min(day) FROM attendance_leave_days WHERE company_id = ${companyId}),
                     (SELECT min(day) FROM attendance_board_counts WHERE company_id = ${companyId}),
                     (SELECT min(day) FROM attendance_board_leave_counts WHERE company_id = ${companyId}))::text AS from,
               greatest((SELECT max(work_date) FROM attendance_entries WHERE company_id = ${companyId}),
                        (SELECT max(end_date) FROM time_off_requests WHERE company_id = ${companyId} AND status = 'approved'),
                        (SELECT max(day) FROM stats_member_days WHERE company_id = ${companyId}),
                        (SELECT max(day) FROM attendance_leave_days WHERE company_id = ${companyId}),
                        (SELECT max(day) FROM attendance_board_counts WHERE company_id = ${companyId}),
                        (SELECT max(day) FROM attendance_board_leave_counts WHERE company_id = ${companyId}))::text AS to`,
  );
  const x = r[0];
  return x?.from && x.to ? { from: x.from, to: x.to } : null;
}

/**
 * The board key of a member-day, set-based (`attendance_board_key`, migration 0042): `m` the enabled
 * membership (if any), `emp` the record if the day is outside its employment, `a` the assignment.
 */
const boardKeyJoin = (
  day: SQL,
) => sql`LEFT JOIN memberships m ON m.company_id = d.company_id AND m.user_id = d.user_id AND m.enabled
            LEFT JOIN employees emp ON emp.company_id = d.company_id AND emp.user_id = d.user_id AND (emp.end_date < ${day} OR emp.start_date > ${day})
            LEFT JOIN LATERAL (SELECT sa.schedule_id FROM schedule_assignments sa
                                WHERE sa.company_id = d.company_id AND sa.user_id = d.user_id AND sa.effective_from <= ${day}
                                ORDER BY sa.effective_from DESC LIMIT 1) a ON m.user_id IS NOT NULL`;
const boardKey = sql`CASE WHEN m.user_id IS NULL THEN NULL WHEN emp.user_id IS NOT NULL THEN ${NOT_EMPLOYED_KEY}::uuid
                          ELSE coalesce(a.schedule_id, '00000000-0000-0000-0000-000000000000'::uuid) END`;

/** The day board's members per assigned schedule from scratch (`schedule_member_changes`, migration 0034). */
export async function rebuildScheduleMembers(tx: Tx, companyId: string) {
  await tx.execute(sql`SELECT schedule_members_rebuild(${companyId}::uuid)`);
}

/**
 * Recomputes the company's aggregate rows of the days [from, to] from its attendance entries and
 * approved time off (one batch of the rebuild command): the member-days with the day board's key,
 * the leave days and, through their triggers, the board's counts (decision 021), which are emptied
 * for those days first so anything that drifted is recomputed too. Answers the member-days written.
 */
export async function rebuildDays(tx: Tx, companyId: string, from: string, to: string) {
  // The day aggregates are rebuilt after, in batches (stats.service `rebuild`): their per-row trigger is off here.
  await tx.execute(sql`SELECT set_config('wac.stats_rebuild', 'on', true)`);
  await tx.execute(
    sql`DELETE FROM stats_member_days WHERE company_id = ${companyId} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  await tx.execute(
    sql`DELETE FROM attendance_leave_days WHERE company_id = ${companyId} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  await tx.execute(sql`SELECT attendance_board_counts_reset(${companyId}, ${from}::date, ${to}::date)`);
  const r = await rows<{ n: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO stats_member_days (company_id, user_id, day, first_in, worked_seconds, entries, board_schedule)
          SELECT d.company_id, d.user_id, d.work_date, d.first_in, d.worked, d.n, ${boardKey}
            FROM (SELECT company_id, user_id, work_date, min(clock_in) AS first_in,
                         coalesce(floor(sum(extract(epoch FROM clock_out - clock_in)) FILTER (WHERE clock_out IS NOT NULL)), 0)::int AS worked,
                         count(*)::int AS n
                    FROM attendance_entries
                   WHERE company_id = ${companyId} AND work_date BETWEEN ${from}::date AND ${to}::date AND status <> 'removed'
                   GROUP BY company_id, user_id, work_date) d
            ${boardKeyJoin(sql`d.work_date`)}
          RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
  );
  // The leave days (the same rule as attendance_leave_days_refresh, migration board2_leave_counts).
  await tx.execute(
    sql`INSERT INTO attendance_leave_days (company_id, user_id, day, half, board_schedule, first_in)
        SELECT d.company_id, d.user_id, d.day, d.half, ${boardKey},
               (SELECT sd.first_in FROM stats_member_days sd WHERE sd.company_id = d.company_id AND sd.day = d.day AND sd.user_id = d.user_id)
          FROM (SELECT q.company_id, q.user_id, g::date AS day,
                       CASE WHEN bool_or(h.h IS NULL) OR count(DISTINCT h.h) = 2 THEN NULL ELSE min(h.h) END AS half
                  FROM time_off_requests q
                 CROSS JOIN generate_series(greatest(q.start_date, ${from}::date), least(q.end_date, ${to}::date), interval '1 day') g
                 CROSS JOIN LATERAL (SELECT CASE WHEN q.start_date = g::date AND q.start_half THEN 'afternoon'
                                                 WHEN q.end_date = g::date AND q.end_half THEN 'morning' END AS h) h
                 WHERE q.company_id = ${companyId} AND q.status = 'approved'
                   AND q.end_date >= ${from}::date AND q.start_date <= ${to}::date
                 GROUP BY 1, 2, 3) d
          ${boardKeyJoin(sql`d.day`)}`,
  );
  return r[0]?.n ?? 0;
}

/** Every company's id (the rebuild command walks them). */
export async function companyIds(tx: Tx) {
  const r = await rows<{ id: string }>(tx, sql`SELECT id FROM companies ORDER BY id`);
  return r.map((x) => x.id);
}

export interface TimeOffTaken {
  type_id: string;
  name: string;
  color: string;
  unit: 'days' | 'hours';
  amount: number;
}

/**
 * Approved time off of the filter's people whose request starts in the period, summed per type (a
 * request counts whole in the period it starts in). On the (company, user, start date) index.
 */
export function timeOffTaken(tx: Tx, companyId: string, f: StatsFilter, from: string, to: string) {
  return rows<TimeOffTaken>(
    tx,
    sql`WITH ${peopleCte(companyId, f)}
        SELECT t.id AS type_id, t.name, t.color, t.unit, sum(r.amount)::float8 AS amount
          FROM people p
          JOIN time_off_requests r ON r.company_id = ${companyId} AND r.user_id = p.user_id
           AND r.start_date BETWEEN ${from}::date AND ${to}::date AND r.status = 'approved'
          JOIN time_off_types t ON t.company_id = r.company_id AND t.id = r.type_id
         GROUP BY t.id, t.name, t.color, t.unit
         ORDER BY lower(t.name), t.id`,
  );
}
