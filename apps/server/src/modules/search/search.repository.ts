import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';

export interface BookmarkRow {
  id: string;
  kind: string;
  target: string;
}

/** A user's bookmarks in a company, oldest first (row-level security also keeps them to that user). */
export function list(tx: Tx, companyId: string, userId: string) {
  return rows<BookmarkRow>(
    tx,
    sql`SELECT id, kind, target FROM bookmarks WHERE company_id = ${companyId} AND user_id = ${userId}
         ORDER BY created_at, id LIMIT 100`,
  );
}

export async function count(tx: Tx, companyId: string, userId: string) {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM bookmarks WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return r?.n ?? 0;
}

/** Inserts a bookmark, or finds the one that exists: bookmarking twice is one bookmark. */
export async function insert(tx: Tx, companyId: string, userId: string, kind: string, target: string) {
  const [r] = await rows<BookmarkRow>(
    tx,
    sql`WITH ins AS (
          INSERT INTO bookmarks (company_id, user_id, kind, target) VALUES (${companyId}, ${userId}, ${kind}, ${target})
          ON CONFLICT (company_id, user_id, kind, target) DO NOTHING RETURNING id, kind, target)
        SELECT id, kind, target FROM ins
        UNION ALL
        SELECT id, kind, target FROM bookmarks
         WHERE company_id = ${companyId} AND user_id = ${userId} AND kind = ${kind} AND target = ${target}
        LIMIT 1`,
  );
  return r!;
}

export async function find(tx: Tx, companyId: string, userId: string, id: string) {
  const [r] = await rows<BookmarkRow>(
    tx,
    sql`SELECT id, kind, target FROM bookmarks WHERE company_id = ${companyId} AND user_id = ${userId} AND id = ${id}`,
  );
  return r ?? null;
}

export async function remove(tx: Tx, companyId: string, userId: string, id: string) {
  await tx.execute(sql`DELETE FROM bookmarks WHERE company_id = ${companyId} AND user_id = ${userId} AND id = ${id}`);
}

/** Bookmarks belong to a membership: a super admin visiting a company keeps none there. */
export async function isMember(tx: Tx, companyId: string, userId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return r.length > 0;
}

/**
 * The first few members matching a fragment, through the member listing's own per-company trigram
 * table (member_search, migrations 0003 and 0009): no scan of memberships or users.
 */
export function membersMatching(tx: Tx, companyId: string, fragment: string, limit: number) {
  return rows<{ user_id: string; first_name: string; last_name: string; email: string }>(
    tx,
    sql`SELECT m.user_id, u.first_name, u.last_name, m.email
          FROM member_search_top(${companyId}::uuid, ${fragment}::text, ${limit}::int) x(id)
          JOIN memberships m ON m.id = x.id AND m.company_id = ${companyId}
          JOIN users u ON u.id = m.user_id
         ORDER BY m.sort_name, m.id`,
  );
}
