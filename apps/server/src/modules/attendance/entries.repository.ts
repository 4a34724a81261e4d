import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../lib/sql';

/** An entry as screens show it (a timesheet reads only these, from one index: see migration 0039). */
export interface ShownEntryRow {
  id: string;
  user_id: string;
  work_date: string;
  clock_in: Date | string;
  clock_out: Date | string | null;
  recorded_in: Date | string | null;
  recorded_out: Date | string | null;
  status: string;
  source: string;
  version: number;
}
export interface EntryRow extends ShownEntryRow {
  idempotency_key: string | null;
  close_key: string | null;
}
const COLS = sql`id, user_id, work_date::text AS work_date, clock_in, clock_out, recorded_in, recorded_out, status, source,
  idempotency_key, close_key, version`;

export async function open(tx: Tx, companyId: string, userId: string, lock = false) {
  const [r] = await rows<EntryRow>(
    tx,
    sql`SELECT ${COLS} FROM attendance_entries WHERE company_id = ${companyId} AND user_id = ${userId} AND status = 'open'${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return r ?? null;
}

/** Every entry of the company still open (one per person at most), for the auto-close job. */
export function allOpen(tx: Tx, companyId: string) {
  return rows<EntryRow>(
    tx,
    sql`SELECT ${COLS} FROM attendance_entries WHERE company_id = ${companyId} AND status = 'open' ORDER BY clock_in`,
  );
}

/** Whether an entry of a work date in `from`..`to` is still open (its worked time is not known yet). */
export async function anyOpenBetween(tx: Tx, companyId: string, from: string, to: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM attendance_entries WHERE company_id = ${companyId} AND status = 'open'
          AND work_date >= ${from}::date AND work_date <= ${to}::date LIMIT 1`,
  );
  return r.length > 0;
}

export async function byKey(tx: Tx, companyId: string, userId: string, key: string) {
  const [r] = await rows<EntryRow>(
    tx,
    sql`SELECT ${COLS} FROM attendance_entries WHERE company_id = ${companyId} AND user_id = ${userId}
          AND (idempotency_key = ${key} OR close_key = ${key}) LIMIT 1`,
  );
  return r ?? null;
}

/**
 * Opens an entry at the database server's clock; its day is the company's day of that instant.
 * Null when the person is not an enabled member, already has an open entry or the key was used
 * (the unique indexes say so): the membership check rides in the same statement (one round trip
 * fewer for a clock-in), the caller tells the cases apart only when nothing was made.
 */
export async function clockIn(
  tx: Tx,
  companyId: string,
  v: { userId: string; source: string; ip: string | null; userAgent: string | null; key: string },
) {
  const [r] = await rows<EntryRow>(
    tx,
    sql`INSERT INTO attendance_entries AS e (company_id, user_id, work_date, clock_in, recorded_in, status, source, ip, user_agent, idempotency_key)
        SELECT c.id, ${v.userId}, (now() AT TIME ZONE c.time_zone)::date, now(), now(), 'open', ${v.source}, ${v.ip}, ${v.userAgent}, ${v.key}
          FROM companies c WHERE c.id = ${companyId}
           AND EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = c.id AND m.user_id = ${v.userId} AND m.enabled)
        ON CONFLICT DO NOTHING RETURNING ${COLS}`,
  );
  return r ?? null;
}

/** Closes an open entry at the server's clock (or at `at`, for the auto-close job). */
export async function close(
  tx: Tx,
  id: string,
  v: { key: string | null; status: 'closed' | 'auto_closed'; at?: Date },
) {
  const at = v.at ? sql`${v.at.toISOString()}::timestamptz` : sql`now()`;
  // An auto-closed entry's end was never recorded by a clock: recorded_out stays empty.
  const recorded = v.status === 'auto_closed' ? sql`NULL` : sql`greatest(${at}, clock_in + interval '1 second')`;
  const [r] = await rows<EntryRow>(
    tx,
    sql`UPDATE attendance_entries SET clock_out = greatest(${at}, clock_in + interval '1 second'), recorded_out = ${recorded},
          status = ${v.status}, close_key = ${v.key}, version = version + 1, updated_at = now()
         WHERE id = ${id} AND status = 'open' RETURNING ${COLS}`,
  );
  return r ?? null;
}

/** A person's entries of some company days (removed ones aside), in clock-in order. */
export function ofDays(tx: Tx, companyId: string, userId: string, from: string, to: string) {
  return rows<EntryRow>(
    tx,
    sql`SELECT ${COLS} FROM attendance_entries
         WHERE company_id = ${companyId} AND user_id = ${userId} AND work_date BETWEEN ${from} AND ${to} AND status <> 'removed'
         ORDER BY clock_in`,
  );
}

export async function now(tx: Tx) {
  const [r] = await rows<{ now: Date | string }>(tx, sql`SELECT now() AS now`);
  return new Date(r!.now);
}

/**
 * Whether the person is an enabled member of the company. `lock`: the membership row is held (FOR
 * SHARE) until the transaction ends, so disabling or removing it waits for what is written on the
 * strength of this answer.
 */
export async function isActiveMember(tx: Tx, companyId: string, userId: string, lock = false) {
  const r = await rows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId} AND enabled${lock ? sql` FOR SHARE` : sql``}`,
  );
  return r.length > 0;
}
