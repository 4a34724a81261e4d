import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { containsPattern, intLiteral, rows } from '../../lib/sql';
import { DEFAULT_KEY, NOT_EMPLOYED_KEY } from '../../db/board-keys';
import { holidaysBetweenSql, listSchedulesSql, type SettingsRow, settingsSql } from './calendar.repository';
import { together } from './timesheets.repository';

export interface BoardMemberRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  first_in: Date | string | null;
  last_out: Date | string | null;
  open: boolean;
  worked_seconds: number;
  leave_type: string | null;
  leave_color: string | null;
  leave_half: 'morning' | 'afternoon' | null;
}

export async function teamExists(tx: Tx, companyId: string, teamId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM teams WHERE company_id = ${companyId} AND id = ${teamId}`,
  );
  return r.length > 0;
}

export async function departmentExists(tx: Tx, companyId: string, departmentId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM departments WHERE company_id = ${companyId} AND id = ${departmentId}`,
  );
  return r.length > 0;
}

export interface BoardPageRow extends BoardMemberRow {
  status: 'present' | 'late' | 'absent' | 'onLeave' | 'expected' | 'notScheduled';
  c_present: number;
  c_late: number;
  c_absent: number;
  c_on_leave: number;
  c_expected: number;
  c_not_scheduled: number;
  total: number;
}

/**
 * The day board computed from scratch (the statement before decision 021, kept as the reference the
 * agreement tests compare with): each active member's schedule of the day (latest assignment, else
 * the default), its start on the company's clock plus grace, the day's entries folded, approved time
 * off covering the day (read once, on the partial index by company, end and start date), the status
 * (the rule `statusOf` states), counts over everyone and the page of the asked status.
 */
export function boardPageFromScratch(
  tx: Tx,
  companyId: string,
  q: {
    date: string;
    timeZone: string;
    isoWeekday: number;
    holiday: boolean;
    defaultScheduleId: string | null;
    team?: string;
    department?: string;
    search?: string;
    status?: string;
    page: number;
    itemsPerPage: number;
  },
) {
  return rows<BoardPageRow>(
    tx,
    sql`WITH assigned AS (
          SELECT DISTINCT ON (a.user_id) a.user_id, a.schedule_id FROM schedule_assignments a
           WHERE a.company_id = ${companyId} AND a.effective_from <= ${q.date}::date
           ORDER BY a.user_id, a.effective_from DESC
        ), day AS (
          SELECT user_id, min(clock_in) AS first_in, max(clock_out) AS last_out, bool_or(status = 'open') AS open,
                 sum(extract(epoch FROM coalesce(clock_out, now()) - clock_in))::bigint AS worked_seconds
            FROM attendance_entries
           WHERE company_id = ${companyId} AND work_date = ${q.date}::date AND status <> 'removed'
           GROUP BY user_id
        ), leave_req AS (
          SELECT r.user_id, t.name, t.color,
                 CASE WHEN r.start_date = ${q.date}::date AND r.start_half THEN 'afternoon'
                      WHEN r.end_date = ${q.date}::date AND r.end_half THEN 'morning' END AS half
            FROM time_off_requests r
            JOIN time_off_types t ON t.company_id = r.company_id AND t.id = r.type_id
           WHERE r.company_id = ${companyId} AND r.status = 'approved'
             AND r.end_date >= ${q.date}::date AND r.start_date <= ${q.date}::date
        ), leave AS (
          -- A morning and an afternoon off (two requests) make a whole day, named by a whole-day
          -- request if there is one, else by the morning's.
          SELECT user_id,
                 (array_agg(name ORDER BY CASE half WHEN 'afternoon' THEN 2 WHEN 'morning' THEN 1 ELSE 0 END, name))[1] AS leave_type,
                 (array_agg(color ORDER BY CASE half WHEN 'afternoon' THEN 2 WHEN 'morning' THEN 1 ELSE 0 END, name))[1] AS leave_color,
                 CASE WHEN bool_or(half IS NULL) OR count(DISTINCT half) = 2 THEN NULL ELSE min(half) END AS leave_half
            FROM leave_req GROUP BY user_id
        ), people AS (
          SELECT m.user_id, u.first_name, u.last_name, u.email, d.first_in, d.last_out, coalesce(d.open, false) AS open,
                 coalesce(d.worked_seconds, 0)::int AS worked_seconds,
                 l.user_id IS NOT NULL AS on_leave, l.leave_type, l.leave_color, l.leave_half,
                 -- No plan outside the employment (NOT_EMPLOYED_KEY): not scheduled, or present if they came.
                 CASE WHEN emp.end_date < ${q.date}::date OR emp.start_date > ${q.date}::date THEN NULL
                      ELSE ${q.holiday ? sql`NULL::jsonb` : sql`nullif(ws.days -> ${q.isoWeekday - 1}::int, 'null'::jsonb)`} END AS plan,
                 coalesce(ws.grace_minutes, 0) AS grace
            FROM memberships m JOIN users u ON u.id = m.user_id
            LEFT JOIN employees emp ON emp.company_id = ${companyId} AND emp.user_id = m.user_id
            LEFT JOIN assigned a ON a.user_id = m.user_id
            LEFT JOIN work_schedules ws ON ws.company_id = ${companyId} AND ws.id = coalesce(a.schedule_id, ${q.defaultScheduleId}::uuid)
            LEFT JOIN day d ON d.user_id = m.user_id
            LEFT JOIN leave l ON l.user_id = m.user_id
           WHERE m.company_id = ${companyId} AND m.enabled
             ${q.team ? sql`AND EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${q.team} AND tm.user_id = m.user_id)` : sql``}
             ${q.department ? sql`AND EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.user_id = m.user_id AND e.department_id = ${q.department})` : sql``}
             ${q.search ? sql`AND lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE ${containsPattern(q.search)}` : sql``}
        ), judged AS (
          SELECT p.*, CASE
              WHEN p.first_in IS NOT NULL AND p.plan IS NOT NULL AND (NOT p.on_leave OR p.leave_half = 'afternoon')
                   AND p.first_in > ((${q.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${q.timeZone}) + p.grace * interval '1 minute'
                THEN 'late'
              WHEN p.first_in IS NOT NULL THEN 'present'
              WHEN p.plan IS NULL THEN 'notScheduled'
              WHEN p.on_leave THEN 'onLeave'
              WHEN now() > ((${q.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${q.timeZone}) + p.grace * interval '1 minute'
                THEN 'absent'
              ELSE 'expected' END AS status
            FROM people p
        ), counted AS (
          SELECT j.*,
                 count(*) FILTER (WHERE status = 'present') OVER () AS c_present,
                 count(*) FILTER (WHERE status = 'late') OVER () AS c_late,
                 count(*) FILTER (WHERE status = 'absent') OVER () AS c_absent,
                 count(*) FILTER (WHERE status = 'onLeave') OVER () AS c_on_leave,
                 count(*) FILTER (WHERE status = 'expected') OVER () AS c_expected,
                 count(*) FILTER (WHERE status = 'notScheduled') OVER () AS c_not_scheduled,
                 count(*) FILTER (WHERE ${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text) OVER () AS total
            FROM judged j
        )
        SELECT user_id, first_name, last_name, email, first_in, last_out, open, worked_seconds, status,
               CASE WHEN plan IS NOT NULL THEN leave_type END AS leave_type,
               CASE WHEN plan IS NOT NULL THEN leave_color END AS leave_color,
               CASE WHEN plan IS NOT NULL THEN leave_half END AS leave_half,
               c_present::int, c_late::int, c_absent::int, c_on_leave::int, c_expected::int, c_not_scheduled::int, total::int
          FROM counted
         WHERE ${q.status ?? null}::text IS NULL OR status = ${q.status ?? null}::text
         ORDER BY lower(first_name || ' ' || last_name), user_id
         LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
}

const NIL = DEFAULT_KEY;

/**
 * What the board needs before its counts, in one statement: the settings, the day (asked, else the
 * company's today), whether it is a holiday, the schedules; and, for the rest of the transaction,
 * plans with the values and no JIT (generic plans cannot see the day and ran past the query timeout
 * at 100,000 members; compiling the counts statement took 2 s). `customPlans` false (the counts
 * alone, which read only maintained rows by key): no JIT, but plans the server may keep.
 */
export async function boardHead(tx: Tx, companyId: string, date: string | null, customPlans = true) {
  const day = sql`(SELECT d FROM board_day)`;
  return together<{
    settings: SettingsRow[];
    day: Array<{ date: string }>;
    holidays: unknown[];
    schedules: Array<{ id: string; is_default: boolean }>;
    plans: unknown[];
  }>(
    tx,
    {
      settings: settingsSql(companyId),
      day: sql`SELECT d::text AS date FROM board_day`,
      holidays: holidaysBetweenSql(companyId, day, day),
      schedules: listSchedulesSql(companyId),
      plans: customPlans
        ? sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true)`
        : sql`SELECT set_config('jit', 'off', true)`,
    },
    sql`board_day AS (SELECT coalesce(${date}::date, (now() AT TIME ZONE c.time_zone)::date) AS d
                        FROM companies c WHERE c.id = ${companyId})`,
  );
}

export interface BoardDay {
  date: string;
  timeZone: string;
  isoWeekday: number;
  holiday: boolean;
  defaultScheduleId: string | null;
}

/** Each board key's schedule plan on the day: the time after which a first clock-in is late (null: not scheduled). */
const keyPlans = (companyId: string, d: BoardDay) => sql`ws AS (
          SELECT id, ${d.holiday ? sql`NULL::jsonb` : sql`nullif(days -> ${d.isoWeekday - 1}::int, 'null'::jsonb)`} AS plan, grace_minutes
            FROM work_schedules WHERE company_id = ${companyId}
        ), kp AS (
          SELECT k.key, ((${d.date}::date + (w.plan ->> 'start')::time) AT TIME ZONE ${d.timeZone})
                        + w.grace_minutes * interval '1 minute' AS late_after
            FROM (SELECT id AS key, id AS sid FROM ws UNION ALL SELECT ${NIL}::uuid, ${d.defaultScheduleId}::uuid
                  UNION ALL SELECT ${NOT_EMPLOYED_KEY}::uuid, NULL::uuid) k
            LEFT JOIN ws w ON w.id = k.sid
        )`;

export interface BoardKeyCounts {
  key: string;
  members: number;
  day_rows: number;
  late_raw: number;
  leave_no_row: number;
  leave_fix: number;
  planned: boolean;
  past: boolean;
}

/**
 * The counts of the whole company's day board from the maintained counts (decision 021), per board
 * key: enabled members following it (assigned ones summed from `schedule_member_changes`, the default's
 * as the rest of `member_stats`), those with a first clock-in (and how many after start + grace), and the
 * corrections for people on leave (from `attendance_board_leave_counts`, kept like the counts).
 * Nothing here reads one row per member, nor one row per person on leave.
 */
export function boardKeyCounts(tx: Tx, companyId: string, d: BoardDay) {
  return rows<BoardKeyCounts>(tx, boardKeyCountsStatement(companyId, d));
}

export function boardKeyCountsStatement(companyId: string, d: BoardDay) {
  return sql`WITH ${keyPlans(companyId, d)}, hist AS (
          SELECT b.schedule_key AS key, sum(b.n)::int AS day_rows,
                 coalesce(sum(b.n) FILTER (WHERE b.in_minute > kp.late_after), 0)::int AS late_raw
            FROM attendance_board_counts b JOIN kp ON kp.key = b.schedule_key
           WHERE b.company_id = ${companyId} AND b.day = ${d.date}::date
           GROUP BY 1
        ), assigned AS (
          -- The series of changes kept by triggers (migration 0034): a row per schedule and day on
          -- which its members changed, not a row per member.
          SELECT schedule_id AS key, sum(n)::int AS members FROM schedule_member_changes
           WHERE company_id = ${companyId} AND day <= ${d.date}::date
           GROUP BY 1
        ), total AS (
          SELECT coalesce((SELECT n FROM member_stats WHERE company_id = ${companyId} AND role = '' AND enabled), 0) AS n
        ), lvk AS (
          -- The leave corrections, maintained like the counts (attendance_board_leave_counts): those
          -- on leave without a first clock-in ('infinity'), and those whose leave excuses lateness.
          SELECT b.schedule_key AS key,
                 coalesce(sum(b.n) FILTER (WHERE b.in_minute = 'infinity'), 0)::int AS leave_no_row,
                 coalesce(sum(b.n) FILTER (WHERE b.in_minute <> 'infinity' AND b.in_minute > kp.late_after), 0)::int AS leave_fix
            FROM attendance_board_leave_counts b JOIN kp ON kp.key = b.schedule_key
           WHERE b.company_id = ${companyId} AND b.day = ${d.date}::date
           GROUP BY 1
        )
        SELECT kp.key,
               CASE WHEN kp.key = ${NIL}::uuid THEN total.n - (SELECT coalesce(sum(members), 0) FROM assigned)
                    ELSE coalesce(a.members, 0) END::int AS members,
               coalesce(h.day_rows, 0) AS day_rows, coalesce(h.late_raw, 0) AS late_raw,
               coalesce(l.leave_no_row, 0) AS leave_no_row, coalesce(l.leave_fix, 0) AS leave_fix,
               kp.late_after IS NOT NULL AS planned, coalesce(now() > kp.late_after, false) AS past
          FROM kp CROSS JOIN total
          LEFT JOIN hist h ON h.key = kp.key
          LEFT JOIN assigned a ON a.key = kp.key
          LEFT JOIN lvk l ON l.key = kp.key`;
}

export interface JudgedRow {
  user_id: string;
  sort_name: string;
  first_in: Date | string | null;
  status: BoardPageRow['status'];
  /** On leave on a scheduled day: the page names the leave (`pageDetails`). */
  shows_leave: boolean;
  leave_half: 'morning' | 'afternoon' | null;
}

/**
 * Judges the enabled members `candidates` yields (a statement of `user_id`s), the rule of
 * `statusOf`, reading each one's day by key (first clock-in from `stats_member_days`, the schedule
 * assigned on the day, the leave from `attendance_leave_days`): the cost is per candidate, not per member of the company.
 * Rows in name order.
 */
export function judgedStatement(companyId: string, d: BoardDay, candidates: SQL) {
  return sql`WITH ${keyPlans(companyId, d)}, cand AS MATERIALIZED (${candidates}),
        people AS (
          SELECT m.user_id, m.sort_name, s.first_in, l.user_id IS NOT NULL AS on_leave, l.half AS leave_half,
                 CASE WHEN emp.end_date < ${d.date}::date OR emp.start_date > ${d.date}::date THEN NULL
                      ELSE ${d.holiday ? sql`NULL::jsonb` : sql`nullif(ws.days -> ${d.isoWeekday - 1}::int, 'null'::jsonb)`} END AS plan,
                 coalesce(ws.grace_minutes, 0) AS grace
            FROM cand c
            -- Each candidate's membership by key: joined as a set, the planner scanned all the
            -- company's memberships to hash them (60 ms at 100,000) for a few thousand candidates.
            JOIN LATERAL (SELECT m.user_id, m.sort_name FROM memberships m
                           WHERE m.company_id = ${companyId} AND m.user_id = c.user_id AND m.enabled LIMIT 1) m ON true
            LEFT JOIN employees emp ON emp.company_id = ${companyId} AND emp.user_id = m.user_id
            LEFT JOIN LATERAL (SELECT a.schedule_id FROM schedule_assignments a
                                WHERE a.company_id = ${companyId} AND a.user_id = m.user_id AND a.effective_from <= ${d.date}::date
                                ORDER BY a.effective_from DESC LIMIT 1) a ON true
            LEFT JOIN work_schedules ws ON ws.company_id = ${companyId} AND ws.id = coalesce(a.schedule_id, ${d.defaultScheduleId}::uuid)
            LEFT JOIN LATERAL (SELECT sd.first_in FROM stats_member_days sd
                                WHERE sd.company_id = ${companyId} AND sd.day = ${d.date}::date AND sd.user_id = m.user_id
                                LIMIT 1) s ON true
            LEFT JOIN attendance_leave_days l ON l.company_id = ${companyId} AND l.day = ${d.date}::date AND l.user_id = m.user_id
        ), judged AS (
          SELECT p.*, CASE
              WHEN p.first_in IS NOT NULL AND p.plan IS NOT NULL AND (NOT p.on_leave OR p.leave_half = 'afternoon')
                   AND p.first_in > ((${d.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${d.timeZone}) + p.grace * interval '1 minute'
                THEN 'late'
              WHEN p.first_in IS NOT NULL THEN 'present'
              WHEN p.plan IS NULL THEN 'notScheduled'
              WHEN p.on_leave THEN 'onLeave'
              WHEN now() > ((${d.date}::date + (p.plan ->> 'start')::time) AT TIME ZONE ${d.timeZone}) + p.grace * interval '1 minute'
                THEN 'absent'
              ELSE 'expected' END AS status
            FROM people p
        )
        SELECT user_id, sort_name, first_in, status, plan IS NOT NULL AND on_leave AS shows_leave,
               CASE WHEN plan IS NOT NULL THEN leave_half END AS leave_half
          FROM judged
         ORDER BY sort_name, user_id`;
}

/** Judges the candidates (see `judgedStatement`). */
export function judge(tx: Tx, companyId: string, d: BoardDay, candidates: SQL) {
  return rows<JudgedRow>(tx, judgedStatement(companyId, d, candidates));
}

/**
 * Enabled members in name order, `limit` after `offset`: the page when no status is asked. The
 * offset is a parameter (the statement is prepared by name: a literal would make one per page).
 */
export const membersByName = (companyId: string, offset: number, limit: number) =>
  sql`SELECT user_id FROM memberships WHERE company_id = ${companyId} AND enabled
          ORDER BY sort_name, user_id LIMIT ${intLiteral(limit)} OFFSET ${offset}::int`;

/** The next `limit` enabled members in name order after (sortName, userId): one step of a walk. */
export const membersByNameAfter = (
  companyId: string,
  after: { sortName: string; userId: string } | null,
  limit: number,
) =>
  sql`SELECT user_id FROM memberships WHERE company_id = ${companyId} AND enabled
           ${after ? sql`AND (sort_name, user_id) > (${after.sortName}, ${after.userId}::uuid)` : sql``}
          ORDER BY sort_name, user_id LIMIT ${intLiteral(limit)}`;

/** Who has a first clock-in on the day (the only ones who can be present or late). */
export const membersWithDay = (companyId: string, date: string) =>
  sql`SELECT user_id FROM stats_member_days WHERE company_id = ${companyId} AND day = ${date}::date AND board_schedule IS NOT NULL`;

/** Who has approved time off covering the day (the only ones who can be on leave). */
export const membersOnLeave = (companyId: string, date: string) =>
  sql`SELECT user_id FROM attendance_leave_days WHERE company_id = ${companyId} AND day = ${date}::date`;
