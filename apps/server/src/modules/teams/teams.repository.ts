import type { TeamExportQuery } from '@wac/shared/schemas/teams';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  afterKeyset,
  containsPattern,
  type KeysetCursor,
  pageTotal,
  rows,
  type SortKey,
  intLiteral,
} from '../../lib/sql';

export interface TeamRow {
  id: string;
  name: string;
  description: string | null;
  lead_user_id: string | null;
  lead_first_name: string | null;
  lead_last_name: string | null;
  member_count: number;
  created_at: Date | string;
  version: number;
}

const MEMBER_COUNT = sql`(SELECT count(*)::int FROM team_members tm WHERE tm.team_id = t.id)`;
const COLS = sql`t.id, t.name, t.description, t.lead_user_id, u.first_name AS lead_first_name, u.last_name AS lead_last_name,
  ${MEMBER_COUNT} AS member_count, t.created_at, t.version`;

export type TeamFilter = Pick<TeamExportQuery, 'search' | 'sort' | 'order'>;

const SORTS: Record<TeamFilter['sort'], SortKey> = {
  name: { expr: sql`lower(t.name)`, type: sql`text` },
  createdAt: { expr: sql`t.created_at`, type: sql`timestamptz` },
  // Computed: the keyset condition of an export batch repeats the count (a company has few teams).
  members: { expr: MEMBER_COUNT, type: sql`int` },
};

const where = (companyId: string, f: TeamFilter) =>
  sql`t.company_id = ${companyId}${f.search ? sql` AND lower(t.name) LIKE ${containsPattern(f.search)}` : sql``}`;

const orderOf = (f: TeamFilter) => {
  const key = SORTS[f.sort];
  const desc = f.order === 'desc';
  const dir = desc ? sql`DESC` : sql`ASC`;
  return { key, desc, order: sql`${key.expr} ${dir}, t.id ${dir}` };
};

export async function list(tx: Tx, companyId: string, q: TeamFilter & { page: number; itemsPerPage: number }) {
  const data = await rows<TeamRow>(
    tx,
    sql`SELECT ${COLS} FROM teams t LEFT JOIN users u ON u.id = t.lead_user_id WHERE ${where(companyId, q)}
         ORDER BY ${orderOf(q).order} LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const totalItems = await pageTotal(q, data.length, async () => {
    const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM teams t WHERE ${where(companyId, q)}`);
    return c?.n ?? 0;
  });
  return { data, totalItems };
}

/** A batch of the export, by keyset on (sort key, id): rows strictly after `cursor` in the listing's order. */
export function batch(tx: Tx, companyId: string, f: TeamFilter, cursor: KeysetCursor | null, limit: number) {
  const { key, desc, order } = orderOf(f);
  return rows<TeamRow & { lead_email: string | null; k: string }>(
    tx,
    sql`SELECT ${COLS}, u.email AS lead_email, ${key.expr}::text AS k
          FROM teams t LEFT JOIN users u ON u.id = t.lead_user_id
         WHERE ${where(companyId, f)}${afterKeyset(key, sql`t.id`, desc, cursor)} ORDER BY ${order} LIMIT ${intLiteral(limit)}`,
  );
}

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await rows<TeamRow>(
    tx,
    sql`SELECT ${COLS} FROM teams t LEFT JOIN users u ON u.id = t.lead_user_id
         WHERE t.company_id = ${companyId} AND t.id = ${id}${lock ? sql` FOR UPDATE OF t` : sql``}`,
  );
  return r ?? null;
}

export async function nameTaken(tx: Tx, companyId: string, name: string, exceptId: string | null = null) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM teams WHERE company_id = ${companyId} AND name = ${name}${exceptId ? sql` AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  return r.length > 0;
}

/** The user ids among `userIds` that are NOT members of the company. */
export async function nonMembers(tx: Tx, companyId: string, userIds: string[]) {
  if (!userIds.length) return [];
  const found = await rows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM memberships WHERE company_id = ${companyId}
          AND user_id IN (${sql.join(
            userIds.map((u) => sql`${u}::uuid`),
            sql`, `,
          )})`,
  );
  const ok = new Set(found.map((f) => f.user_id));
  return userIds.filter((u) => !ok.has(u));
}

export async function insert(
  tx: Tx,
  companyId: string,
  v: { name: string; description: string | null; leadUserId: string | null },
) {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO teams (company_id, name, description, lead_user_id)
        VALUES (${companyId}, ${v.name}, ${v.description}, ${v.leadUserId}) RETURNING id`,
  );
  return r!.id;
}

export async function update(
  tx: Tx,
  id: string,
  version: number,
  v: { name?: string; description?: string | null; leadUserId?: string | null },
) {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
  if (v.description !== undefined) sets.push(sql`description = ${v.description}`);
  if (v.leadUserId !== undefined) sets.push(sql`lead_user_id = ${v.leadUserId}`);
  const r = await rows<{ id: string }>(
    tx,
    sql`UPDATE teams SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return r.length > 0;
}

export async function remove(tx: Tx, id: string) {
  await tx.execute(sql`DELETE FROM teams WHERE id = ${id}`);
}

export async function addMembers(tx: Tx, companyId: string, teamId: string, userIds: string[]) {
  if (!userIds.length) return 0;
  const r = await rows<{ user_id: string }>(
    tx,
    sql`INSERT INTO team_members (company_id, team_id, user_id)
        SELECT ${companyId}, ${teamId}, u FROM unnest(ARRAY[${sql.join(
          userIds.map((u) => sql`${u}::uuid`),
          sql`, `,
        )}]) AS u
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return r.length;
}

export async function removeMember(tx: Tx, teamId: string, userId: string) {
  const r = await rows<{ user_id: string }>(
    tx,
    sql`DELETE FROM team_members WHERE team_id = ${teamId} AND user_id = ${userId} RETURNING user_id`,
  );
  return r.length > 0;
}

export async function members(
  tx: Tx,
  teamId: string,
  leadId: string | null,
  q: { search?: string; page: number; itemsPerPage: number },
) {
  const filter = sql`tm.team_id = ${teamId}${q.search ? sql` AND lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE ${containsPattern(q.search)}` : sql``}`;
  const data = await rows<{
    user_id: string;
    email: string;
    first_name: string;
    last_name: string;
    created_at: Date | string;
  }>(
    tx,
    sql`SELECT tm.user_id, u.email, u.first_name, u.last_name, tm.created_at
          FROM team_members tm JOIN users u ON u.id = tm.user_id WHERE ${filter}
         ORDER BY lower(u.first_name || ' ' || u.last_name), tm.user_id
         LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const [c] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM team_members tm JOIN users u ON u.id = tm.user_id WHERE ${filter}`,
  );
  return {
    data: data.map((r) => ({ ...r, is_lead: r.user_id === leadId })),
    totalItems: c?.n ?? 0,
  };
}
