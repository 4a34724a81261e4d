import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intLiteral, lockUntilCommit, rows } from '../../lib/sql';

export interface JoinRequestRow {
  id: string;
  company_id: string;
  user_id: string;
  status: 'pending' | 'accepted' | 'declined';
  message: string | null;
  created_at: Date | string;
  responded_at: Date | string | null;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  sub_domain: string;
}

const FROM = sql`join_requests j JOIN users u ON u.id = j.user_id JOIN companies c ON c.id = j.company_id`;
const COLS = sql`j.id, j.company_id, j.user_id, j.status, j.message, j.created_at, j.responded_at,
  u.email, u.first_name, u.last_name, c.name AS company_name, c.sub_domain`;

export async function companyBySubDomain(tx: Tx, subDomain: string) {
  const [r] = await rows<{ id: string; name: string; sub_domain: string; enabled: boolean }>(
    tx,
    sql`SELECT id, name, sub_domain, enabled FROM companies WHERE sub_domain = ${subDomain} LIMIT 1`,
  );
  return r ?? null;
}

export async function isMember(tx: Tx, companyId: string, userId: string) {
  const r = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return r.length > 0;
}

/**
 * Holds this user's asking until the transaction ends: requests sent at once (to one company or to
 * several) are checked one after the other, so a burst makes one pending request per company and
 * counts against the caps.
 */
export async function lockAsking(tx: Tx, userId: string) {
  await lockUntilCommit(tx, 'join-request-user', userId);
}

/**
 * Whether the user's request to this company is pending, how many they made to it in the last day,
 * and how many of theirs are pending in any company (the user's index: a person's few requests).
 */
export async function asked(tx: Tx, companyId: string, userId: string) {
  const [r] = await rows<{ pending: boolean; today: number; pendingAnywhere: number }>(
    tx,
    sql`SELECT coalesce(bool_or(status = 'pending' AND company_id = ${companyId}), false) AS pending,
               count(*) FILTER (WHERE company_id = ${companyId}
                                  AND created_at > now() - interval '1 day')::int AS today,
               count(*) FILTER (WHERE status = 'pending')::int AS "pendingAnywhere"
          FROM join_requests WHERE user_id = ${userId}`,
  );
  return r!;
}

export async function insert(tx: Tx, companyId: string, userId: string, message: string | null) {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO join_requests (company_id, user_id, message) VALUES (${companyId}, ${userId}, ${message}) RETURNING id`,
  );
  return r!.id;
}

async function find(tx: Tx, id: string, filter: SQL, lock = false) {
  const [r] = await rows<JoinRequestRow>(
    tx,
    sql`SELECT ${COLS} FROM ${FROM} WHERE j.id = ${id} AND ${filter}${lock ? sql` FOR UPDATE OF j` : sql``}`,
  );
  return r ?? null;
}

async function list(tx: Tx, filter: SQL, desc: boolean, page: number, size: number) {
  const dir = desc ? sql`DESC` : sql`ASC`;
  const data = await rows<JoinRequestRow>(
    tx,
    sql`SELECT ${COLS} FROM ${FROM} WHERE ${filter} ORDER BY j.created_at ${dir}, j.id ${dir}
         LIMIT ${intLiteral(size)} OFFSET ${intLiteral((page - 1) * size)}`,
  );
  const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM join_requests j WHERE ${filter}`);
  return { data, totalItems: c?.n ?? 0 };
}

export async function respond(tx: Tx, id: string, status: 'accepted' | 'declined' | 'withdrawn', by: string | null) {
  await tx.execute(
    sql`UPDATE join_requests SET status = ${status}, responded_by = ${by}, responded_at = now() WHERE id = ${id}`,
  );
}

export async function addMembership(tx: Tx, companyId: string, userId: string) {
  await tx.execute(
    sql`INSERT INTO memberships (company_id, user_id) VALUES (${companyId}, ${userId}) ON CONFLICT (company_id, user_id) DO NOTHING`,
  );
}

/** Which rows: the user's own requests, or the requests of one company (in one status). */
export type JoinRequestOwner = { userId: string } | { companyId: string; status?: string };

const whereOf = (owner: JoinRequestOwner) =>
  'userId' in owner
    ? sql`j.user_id = ${owner.userId}`
    : owner.status === undefined
      ? sql`j.company_id = ${owner.companyId}`
      : sql`j.company_id = ${owner.companyId} AND j.status = ${owner.status}`;

export const findOf = (tx: Tx, owner: JoinRequestOwner, id: string, lock = false) => find(tx, id, whereOf(owner), lock);

export const listOf = (tx: Tx, owner: JoinRequestOwner, desc: boolean, page: number, size: number) =>
  list(tx, whereOf(owner), desc, page, size);
