import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intLiteral, lockUntilCommit, rows } from '../../lib/sql';
import type { EntryRow } from './entries.repository';

export interface CorrectionRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  entry_id: string | null;
  kind: 'add' | 'change' | 'remove';
  before: { clockIn: string | null; clockOut: string | null } | null;
  after: { clockIn: string | null; clockOut: string | null } | null;
  reason: string;
  status: 'pending' | 'applied' | 'declined';
  comment: string | null;
  requested_by: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
}
const COLS = sql`c.id, c.user_id, u.first_name, u.last_name, c.entry_id, c.kind, c.before, c.after, c.reason, c.status,
  c.comment, c.requested_by, c.decided_by, c.decided_at, c.created_at`;

export async function insert(
  tx: Tx,
  companyId: string,
  v: {
    userId: string;
    entryId: string | null;
    kind: string;
    before: unknown;
    after: unknown;
    reason: string;
    status: 'pending' | 'applied';
    requestedBy: string | null;
    decidedBy: string | null;
  },
) {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO attendance_corrections (company_id, user_id, entry_id, kind, before, after, reason, status, requested_by, decided_by, decided_at)
        VALUES (${companyId}, ${v.userId}, ${v.entryId}, ${v.kind}, ${JSON.stringify(v.before)}::jsonb, ${JSON.stringify(v.after)}::jsonb,
                ${v.reason}, ${v.status}, ${v.requestedBy}, ${v.decidedBy}, ${v.status === 'applied' ? sql`now()` : sql`NULL`})
        RETURNING id`,
  );
  return r!.id;
}

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await rows<CorrectionRow>(
    tx,
    sql`SELECT ${COLS} FROM attendance_corrections c JOIN users u ON u.id = c.user_id
         WHERE c.company_id = ${companyId} AND c.id = ${id}${lock ? sql` FOR UPDATE OF c` : sql``}`,
  );
  return r ?? null;
}

export async function list(
  tx: Tx,
  companyId: string,
  q: { status?: string; userId?: string; order: 'asc' | 'desc'; page: number; itemsPerPage: number },
) {
  const where = sql`c.company_id = ${companyId}${q.status ? sql` AND c.status = ${q.status}` : sql``}${
    q.userId ? sql` AND c.user_id = ${q.userId}` : sql``
  }`;
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const data = await rows<CorrectionRow>(
    tx,
    sql`SELECT ${COLS} FROM attendance_corrections c JOIN users u ON u.id = c.user_id WHERE ${where}
         ORDER BY c.created_at ${dir}, c.id ${dir} LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const [n] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM attendance_corrections c WHERE ${where}`,
  );
  return { data, totalItems: n?.n ?? 0 };
}

export async function pendingCount(tx: Tx, companyId: string) {
  const [n] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM attendance_corrections WHERE company_id = ${companyId} AND status = 'pending'`,
  );
  return n?.n ?? 0;
}

/** Records the decision if the request is still pending; false when someone decided first. */
export async function decide(
  tx: Tx,
  companyId: string,
  id: string,
  v: { status: 'applied' | 'declined'; decidedBy: string | null; comment: string | null; entryId: string | null },
) {
  const r = await rows<{ id: string }>(
    tx,
    sql`UPDATE attendance_corrections SET status = ${v.status}, decided_by = ${v.decidedBy}, decided_at = now(),
          comment = ${v.comment}, entry_id = coalesce(${v.entryId}::uuid, entry_id)
         WHERE company_id = ${companyId} AND id = ${id} AND status = 'pending' RETURNING id`,
  );
  return r.length > 0;
}

// ---- The entries a correction changes ----
const ENTRY_COLS = sql`id, user_id, work_date::text AS work_date, clock_in, clock_out, recorded_in, recorded_out, status, source,
  idempotency_key, close_key, version`;

export async function findEntry(tx: Tx, companyId: string, id: string) {
  const [r] = await rows<EntryRow>(
    tx,
    sql`SELECT ${ENTRY_COLS} FROM attendance_entries WHERE company_id = ${companyId} AND id = ${id} FOR UPDATE`,
  );
  return r ?? null;
}

/**
 * Holds one person's corrections until the transaction ends: two sent at once (two admins, a double
 * click, an approval beside a direct correction) are checked for overlap one after the other.
 */
export async function lockPerson(tx: Tx, companyId: string, userId: string) {
  await lockUntilCommit(tx, 'attendance', companyId, userId);
}

/** Whether another live entry of the person overlaps `[from, to)` (an open one runs on forever). */
export async function overlaps(
  tx: Tx,
  companyId: string,
  userId: string,
  exceptId: string | null,
  from: Date,
  to: Date | null,
) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM attendance_entries
         WHERE company_id = ${companyId} AND user_id = ${userId} AND status <> 'removed'
           ${exceptId ? sql`AND id <> ${exceptId}` : sql``}
           AND clock_in < coalesce(${to?.toISOString() ?? null}::timestamptz, 'infinity')
           AND coalesce(clock_out, 'infinity') > ${from.toISOString()}::timestamptz
         LIMIT 1`,
  );
  return r.length > 0;
}

export async function addEntry(
  tx: Tx,
  companyId: string,
  v: { userId: string; workDate: string; clockIn: Date; clockOut: Date },
) {
  const [r] = await rows<EntryRow>(
    tx,
    sql`INSERT INTO attendance_entries (company_id, user_id, work_date, clock_in, clock_out, status, source)
        VALUES (${companyId}, ${v.userId}, ${v.workDate}, ${v.clockIn.toISOString()}, ${v.clockOut.toISOString()}, 'closed', 'admin')
        RETURNING ${ENTRY_COLS}`,
  );
  return r!;
}

/** What counts changes; what the clock recorded (`recorded_*`) stays. */
export async function changeEntry(
  tx: Tx,
  companyId: string,
  id: string,
  v: { workDate: string; clockIn: Date; clockOut: Date | null; status: string },
) {
  const [r] = await rows<EntryRow>(
    tx,
    sql`UPDATE attendance_entries SET work_date = ${v.workDate}, clock_in = ${v.clockIn.toISOString()},
          clock_out = ${v.clockOut?.toISOString() ?? null}::timestamptz, status = ${v.status}, version = version + 1, updated_at = now()
         WHERE company_id = ${companyId} AND id = ${id} RETURNING ${ENTRY_COLS}`,
  );
  return r!;
}

/**
 * Waits for a period of the company being locked (`insertLock` takes the same key) and holds new
 * locks back until the correction commits: otherwise a correction checked just before a lock
 * commits lands inside the locked period. Per company: another company's locks and corrections
 * never wait for these.
 */
export async function holdLocks(tx: Tx, companyId: string) {
  await lockUntilCommit(tx, 'timesheet-locks', companyId);
}

/** Whether any of the company days falls in a locked timesheet period. */
export async function lockedAny(tx: Tx, companyId: string, dates: string[]) {
  if (dates.length === 0) return false;
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM timesheet_locks WHERE company_id = ${companyId}
          AND (${sql.join(
            dates.map((d) => sql`(from_date <= ${d} AND to_date >= ${d})`),
            sql` OR `,
          )}) LIMIT 1`,
  );
  return r.length > 0;
}
