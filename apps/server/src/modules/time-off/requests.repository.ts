import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { countUpTo, preparedRows, rows } from '../../db/sql';
import { isCurrent } from './managers.repository';

export interface RequestRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  manager_user_id: string | null;
  type_id: string;
  type_name: string;
  type_color: string;
  type_unit: 'days' | 'hours';
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  amount: number;
  note: string | null;
  status: 'pending' | 'approved' | 'declined' | 'cancelled';
  decided_by: string | null;
  decided_first_name: string | null;
  decided_last_name: string | null;
  decided_at: Date | string | null;
  comment: string | null;
  created_at: Date | string;
  version: number;
}

const COLS = sql`r.id, r.user_id, u.first_name, u.last_name, e.manager_user_id, r.type_id, t.name AS type_name,
  t.color AS type_color, t.unit AS type_unit, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
  to_char(r.end_date, 'YYYY-MM-DD') AS end_date, r.start_half, r.end_half, r.amount::float8 AS amount, r.note, r.status,
  r.decided_by, d.first_name AS decided_first_name, d.last_name AS decided_last_name, r.decided_at, r.comment,
  r.created_at, r.version`;
const fromRows = (requests: SQL) => sql`${requests} r
  JOIN users u ON u.id = r.user_id
  JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
  LEFT JOIN employees e ON e.company_id = r.company_id AND e.user_id = r.user_id
  LEFT JOIN users d ON d.id = r.decided_by`;
const FROM = fromRows(sql`time_off_requests`);

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await preparedRows<RequestRow>(
    tx,
    sql`SELECT ${COLS} FROM ${FROM} WHERE r.company_id = ${companyId} AND r.id = ${id}${lock ? sql` FOR UPDATE OF r` : sql``}`,
  );
  return r ?? null;
}

/** Locks the requester's ledger (membership row, as `ledger.lockPerson`) from the request's id; false: no such request. */
export async function lockRequester(tx: Tx, companyId: string, id: string) {
  const r = await preparedRows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM time_off_requests r JOIN memberships m ON m.company_id = r.company_id AND m.user_id = r.user_id
         WHERE r.company_id = ${companyId} AND r.id = ${id} FOR UPDATE OF m`,
  );
  return r.length > 0;
}

/**
 * Whether a pending or approved request of the person shares a moment with the range: a day that
 * one ends at mid-day and the other starts at mid-day is shared by both without overlap.
 */
export async function overlaps(
  tx: Tx,
  companyId: string,
  q: { userId: string; startDate: string; endDate: string; startHalf: boolean; endHalf: boolean },
) {
  const [r] = await preparedRows<{ hit: boolean }>(
    tx,
    sql`SELECT EXISTS (
          SELECT 1 FROM time_off_requests r
           WHERE r.company_id = ${companyId} AND r.user_id = ${q.userId} AND r.status IN ('pending', 'approved')
             AND r.start_date <= ${q.endDate}::date AND r.end_date >= ${q.startDate}::date
             AND NOT (r.end_date = ${q.startDate}::date AND r.end_half AND ${q.startHalf}::boolean)
             AND NOT (r.start_date = ${q.endDate}::date AND r.start_half AND ${q.endHalf}::boolean)
        ) AS hit`,
  );
  return !!r?.hit;
}

export async function insert(
  tx: Tx,
  companyId: string,
  v: {
    userId: string;
    typeId: string;
    startDate: string;
    endDate: string;
    startHalf: boolean;
    endHalf: boolean;
    amount: number;
    note: string | null;
    status: 'pending' | 'approved';
    decidedBy: string | null;
  },
) {
  const [r] = await preparedRows<{ id: string }>(
    tx,
    sql`INSERT INTO time_off_requests (company_id, user_id, type_id, start_date, end_date, start_half, end_half, amount,
          note, status, decided_by, decided_at)
        VALUES (${companyId}, ${v.userId}, ${v.typeId}, ${v.startDate}, ${v.endDate}, ${v.startHalf}, ${v.endHalf},
          ${v.amount}, ${v.note}, ${v.status}, ${v.decidedBy}, ${v.status === 'approved' ? sql`now()` : sql`NULL`})
        RETURNING id`,
  );
  return r!.id;
}

export async function setStatus(
  tx: Tx,
  companyId: string,
  id: string,
  v: { status: 'approved' | 'declined' | 'cancelled'; by: string | null; comment: string | null },
) {
  // The row as find() reads it, from the update itself: one statement, not an update and a read.
  const [r] = await rows<RequestRow>(
    tx,
    sql`WITH r AS (
          UPDATE time_off_requests SET status = ${v.status}, decided_by = ${v.by}, decided_at = now(),
                 comment = coalesce(${v.comment}, comment), version = version + 1, updated_at = now()
           WHERE company_id = ${companyId} AND id = ${id}
          RETURNING *)
        SELECT ${COLS} FROM ${fromRows(sql`r`)}`,
  );
  return r!;
}

/**
 * A page and its count. The count joins the employee record only when the condition names it (a
 * manager's reports): an admin's whole-company backlog and a person's own requests are counted on
 * the requests' indexes alone (20,000 pending: 12-64 ms with the join, at 20,000 people).
 */
async function paged(tx: Tx, where: SQL, order: SQL, q: { page: number; itemsPerPage: number }, byManager = false) {
  const data = await preparedRows<RequestRow>(
    tx,
    sql`SELECT ${COLS} FROM ${FROM} WHERE ${where} ORDER BY ${order}
        LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage}`,
  );
  const [c] = await preparedRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM time_off_requests r${
      byManager ? sql` JOIN employees e ON e.company_id = r.company_id AND e.user_id = r.user_id` : sql``
    } WHERE ${where}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

/** One person's requests, latest start first. */
export const ofPerson = (
  tx: Tx,
  companyId: string,
  q: { userId: string; status?: string; page: number; itemsPerPage: number },
) =>
  paged(
    tx,
    sql`r.company_id = ${companyId} AND r.user_id = ${q.userId}${q.status ? sql` AND r.status = ${q.status}` : sql``}`,
    sql`r.start_date DESC, r.id DESC`,
    q,
  );

/**
 * Pending requests the caller may decide: all of them for an admin, their reports' for a manager
 * while current (managers.repository); never their own.
 */
const decidable = (companyId: string, userId: string, asAdmin: boolean) =>
  sql`r.company_id = ${companyId} AND r.status = 'pending' AND r.user_id <> ${userId}${
    asAdmin ? sql`` : sql` AND e.manager_user_id = ${userId} AND ${isCurrent(companyId, userId)}`
  }`;

export const pendingFor = (
  tx: Tx,
  companyId: string,
  q: { userId: string; asAdmin: boolean; page: number; itemsPerPage: number },
) => paged(tx, decidable(companyId, q.userId, q.asAdmin), sql`r.created_at ASC, r.id ASC`, q, !q.asAdmin);

/** The menu's count, bounded: an admin's whole-company backlog is counted up to PENDING_COUNT_CAP. */
export const PENDING_COUNT_CAP = 1000;
export async function pendingCount(tx: Tx, companyId: string, userId: string, asAdmin: boolean) {
  // An admin's count needs no employee record: it stays on the partial index of pending requests.
  const from = asAdmin
    ? sql`time_off_requests r`
    : sql`time_off_requests r JOIN employees e ON e.company_id = r.company_id AND e.user_id = r.user_id`;
  const { n } = await countUpTo(
    tx,
    sql`${from} WHERE ${decidable(companyId, userId, asAdmin)}`,
    PENDING_COUNT_CAP,
    preparedRows,
  );
  return n;
}

export interface UpcomingRow {
  status: 'pending' | 'approved';
  type_name: string;
  start_date: string;
  end_date: string;
}

/**
 * A person's next approved request and next pending one, among those not ended on the company's
 * day: one statement (the dashboard reads it beside its other figures), on the person's start index.
 */
export const upcomingOf = (tx: Tx, companyId: string, userId: string) =>
  preparedRows<UpcomingRow>(
    tx,
    sql`SELECT DISTINCT ON (r.status) r.status, t.name AS type_name,
        to_char(r.start_date, 'YYYY-MM-DD') AS start_date, to_char(r.end_date, 'YYYY-MM-DD') AS end_date
      FROM time_off_requests r
      JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
      JOIN companies c ON c.id = r.company_id
      WHERE r.company_id = ${companyId} AND r.user_id = ${userId} AND r.status IN ('pending', 'approved')
        AND r.end_date >= (now() AT TIME ZONE c.time_zone)::date
      ORDER BY r.status, r.start_date, r.id`,
  );

export async function hasReports(tx: Tx, companyId: string, userId: string) {
  const r = await preparedRows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM employees WHERE company_id = ${companyId} AND manager_user_id = ${userId}
          AND ${isCurrent(companyId, userId)} LIMIT 1`,
  );
  return r.length > 0;
}

export interface CalendarRow {
  request_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  status: 'pending' | 'approved';
  type_id: string;
  type_name: string;
  type_color: string;
  type_unit: 'days' | 'hours';
}

/**
 * Who is off between `from` and `to`: one page of people (by name, as the member lists sort) with a pending or approved
 * request in the range, then their requests. A manager who is no admin sees their reports only.
 */
export async function calendar(
  tx: Tx,
  companyId: string,
  q: {
    from: string;
    to: string;
    teamId?: string;
    departmentId?: string;
    managerId: string | null;
    page: number;
    itemsPerPage: number;
  },
) {
  const filters: SQL[] = [
    sql`r.company_id = ${companyId}`,
    sql`r.status IN ('pending', 'approved')`,
    sql`r.end_date >= ${q.from}::date`,
    sql`r.start_date <= ${q.to}::date`,
  ];
  if (q.departmentId) filters.push(sql`e.department_id = ${q.departmentId}`);
  if (q.managerId) filters.push(sql`e.manager_user_id = ${q.managerId}`, isCurrent(companyId, q.managerId));
  if (q.teamId) {
    filters.push(
      sql`EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.team_id = ${q.teamId} AND tm.user_id = r.user_id)`,
    );
  }
  const where = sql.join(filters, sql` AND `);
  const from = sql`time_off_requests r LEFT JOIN employees e ON e.company_id = r.company_id AND e.user_id = r.user_id`;
  // The page and the total in one pass over the month's people: the total is counted over the
  // whole set before the page is cut from it (a separate count read the same requests again). The
  // people sort by name as every list of members does (`sort_name`, "first last"), read from the
  // employee record the filters join anyway; only the page's people are looked up in `users` (at a
  // 1,000-person department a lookup each for the sort was half the statement). A member without
  // a record takes the copy on their membership.
  const page = await preparedRows<{ user_id: string; first_name: string; last_name: string; total: number }>(
    tx,
    sql`WITH p AS (
          SELECT p.user_id, p.sort_name, (count(*) OVER ())::int AS total
            FROM (SELECT DISTINCT ON (r.user_id) r.user_id,
                         coalesce(e.sort_name, (SELECT m.sort_name FROM memberships m
                                                 WHERE m.company_id = r.company_id AND m.user_id = r.user_id)) AS sort_name
                    FROM ${from} WHERE ${where}) p
           ORDER BY p.sort_name, p.user_id
           LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage})
        SELECT p.user_id, u.first_name, u.last_name, p.total FROM p JOIN users u ON u.id = p.user_id
         ORDER BY p.sort_name, p.user_id`,
  );
  const people = page.map(({ user_id, first_name, last_name }) => ({ user_id, first_name, last_name }));
  if (!people.length) {
    // Nobody off, or past the last page: there the total still says how many there are.
    const past =
      q.page > 1
        ? await preparedRows<{ n: number }>(
            tx,
            sql`SELECT count(DISTINCT r.user_id)::int AS n FROM ${from} WHERE ${where}`,
          )
        : [];
    return { people, absences: [] as CalendarRow[], totalItems: past[0]?.n ?? 0 };
  }
  const totalItems = page[0]!.total;
  const ids = sql.join(
    people.map((p) => sql`${p.user_id}::uuid`),
    sql`, `,
  );
  // The page's people vary in number: a plain statement, not a prepared one per page size.
  const absences = await rows<CalendarRow>(
    tx,
    sql`SELECT r.id AS request_id, r.user_id, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
          to_char(r.end_date, 'YYYY-MM-DD') AS end_date, r.start_half, r.end_half, r.status, r.type_id,
          t.name AS type_name, t.color AS type_color, t.unit AS type_unit
          FROM ${from} JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
         WHERE ${where} AND r.user_id IN (${ids})
         ORDER BY r.start_date, r.id`,
  );
  return { people, absences, totalItems };
}

export interface MailTargetRow {
  email: string;
  language: string | null;
  first_name: string;
  requester_first_name: string;
  requester_last_name: string;
  type_name: string;
  start_date: string;
  end_date: string;
  amount: number;
  unit: 'days' | 'hours';
  status: string;
  comment: string | null;
  sub_domain: string;
  company_name: string;
}

/** What a time-off mail to each of `userIds` needs: their address and language, the request, the company. */
export function mailTargets(tx: Tx, companyId: string, requestId: string, userIds: string[]) {
  if (!userIds.length) return Promise.resolve([] as MailTargetRow[]);
  return rows<MailTargetRow>(
    tx,
    sql`SELECT x.email, x.language, x.first_name, u.first_name AS requester_first_name, u.last_name AS requester_last_name,
          t.name AS type_name, to_char(r.start_date, 'YYYY-MM-DD') AS start_date, to_char(r.end_date, 'YYYY-MM-DD') AS end_date,
          r.amount::float8 AS amount, t.unit, r.status, r.comment, c.sub_domain, c.name AS company_name
          FROM time_off_requests r
          JOIN users u ON u.id = r.user_id
          JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
          JOIN companies c ON c.id = r.company_id
          JOIN memberships m ON m.company_id = r.company_id AND m.enabled
          JOIN users x ON x.id = m.user_id
         WHERE r.company_id = ${companyId} AND r.id = ${requestId}
           AND m.user_id IN (${sql.join(
             userIds.map((u) => sql`${u}::uuid`),
             sql`, `,
           )})`,
  );
}

export interface ApprovedLeaveRow {
  user_id: string;
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  type_name: string;
  type_color: string;
}

/**
 * Approved requests of some people sharing a day with `from`–`to` (a timesheet's period, an export's
 * batch of 200): on the partial index of pending and approved requests by (company, end, start).
 */
export function approvedBetween(tx: Tx, companyId: string, userIds: string[], from: string, to: string) {
  if (!userIds.length) return Promise.resolve([] as ApprovedLeaveRow[]);
  return rows<ApprovedLeaveRow>(tx, approvedBetweenSql(companyId, userIds, from, to));
}

/** The statement of `approvedBetween` (at least one person). */
export function approvedBetweenSql(companyId: string, userIds: string[], from: string | SQL, to: string | SQL) {
  return sql`SELECT r.user_id, to_char(r.start_date, 'YYYY-MM-DD') AS start_date, to_char(r.end_date, 'YYYY-MM-DD') AS end_date,
          r.start_half, r.end_half, t.name AS type_name, t.color AS type_color
          FROM time_off_requests r JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
         WHERE r.company_id = ${companyId} AND r.status = 'approved'
           AND r.end_date >= ${from}::date AND r.start_date <= ${to}::date
           AND r.user_id IN (${sql.join(
             userIds.map((u) => sql`${u}::uuid`),
             sql`, `,
           )})
         ORDER BY r.start_date, r.id`;
}
