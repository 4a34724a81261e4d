import type { MemberListQuery } from '@wac/shared/schemas/members';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { and, containsPattern, rows } from '../../lib/sql';

export interface MemberRow {
  id: string;
  user_id: string;
  roles: string[];
  enabled: boolean;
  scheduling_enabled: boolean;
  email_enabled: boolean;
  video_call_enabled: boolean;
  version: number;
  created_at: Date | string;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

export type MemberFilter = Pick<MemberListQuery, 'search' | 'role' | 'status' | 'team' | 'sort' | 'order'>;

/**
 * Sort keys are columns of memberships itself (name and email are copies kept by triggers), each
 * with a (company_id, key, id) index that also INCLUDEs what the filters and the RLS policy read,
 * so counting and skipping to a deep page are index-only scans.
 */
const SORT_KEYS: Record<MemberFilter['sort'], { expr: SQL; type: SQL }> = {
  name: { expr: sql`m.sort_name`, type: sql`text` },
  email: { expr: sql`m.email`, type: sql`text` },
  createdAt: { expr: sql`m.created_at`, type: sql`timestamptz` },
  role: { expr: sql`m.roles`, type: sql`text[]` },
};

function where(companyId: string, f: Omit<MemberFilter, 'sort' | 'order'>): SQL {
  const parts: SQL[] = [sql`m.company_id = ${companyId}`];
  if (f.search) {
    // users has no row-level security, so this LIKE can use users_search_trgm (0001); on memberships,
    // a non-leakproof LIKE would have to wait behind the policy and could not use an index.
    parts.push(
      sql`m.user_id IN (SELECT u.id FROM users u
            WHERE lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE ${containsPattern(f.search)})`,
    );
  }
  if (f.role) parts.push(sql`m.roles @> ARRAY[${f.role}]::text[]`);
  if (f.status) parts.push(sql`m.enabled = ${f.status === 'enabled'}`);
  if (f.team) {
    parts.push(sql`EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${f.team} AND tm.user_id = m.user_id)`);
  }
  return and(parts);
}

const COLUMNS = sql`m.id, m.user_id, m.roles, m.enabled, m.scheduling_enabled, m.email_enabled, m.video_call_enabled,
  m.version, m.created_at, u.email, u.first_name, u.last_name, u.avatar`;

/** One page, by deferred join: find the page's ids on the index first, then read only those rows. */
export async function listMembers(tx: Tx, companyId: string, f: MemberFilter, page: number, itemsPerPage: number) {
  const key = SORT_KEYS[f.sort];
  const dir = f.order === 'desc' ? sql`DESC` : sql`ASC`;
  const order = sql`${key.expr} ${dir}, m.id ${dir}`;
  return rows<MemberRow>(
    tx,
    sql`SELECT ${COLUMNS}
          FROM (SELECT m.id FROM memberships m WHERE ${where(companyId, f)}
                 ORDER BY ${order} LIMIT ${itemsPerPage} OFFSET ${(page - 1) * itemsPerPage}) p
          JOIN memberships m ON m.id = p.id
          JOIN users u ON u.id = m.user_id
         ORDER BY ${order}`,
  );
}

export async function countMembers(tx: Tx, companyId: string, f: Omit<MemberFilter, 'sort' | 'order'>) {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM memberships m WHERE ${where(companyId, f)}`,
  );
  return r?.n ?? 0;
}

export type MemberCursor = { k: string; id: string };

/** A batch of the export, by keyset on (sort key, id): constant cost per batch at any depth. */
export async function memberBatch(
  tx: Tx,
  companyId: string,
  f: MemberFilter,
  cursor: MemberCursor | null,
  limit: number,
) {
  const key = SORT_KEYS[f.sort];
  const desc = f.order === 'desc';
  const dir = desc ? sql`DESC` : sql`ASC`;
  const after = cursor
    ? sql` AND (${key.expr}, m.id) ${desc ? sql`<` : sql`>`} (${cursor.k}::${key.type}, ${cursor.id}::uuid)`
    : sql``;
  // Deferred join again: the batch's ids come from an index-only range scan that stops at `limit`,
  // and only those rows are joined with users (joining first made the planner read every remaining row).
  return rows<MemberRow & { k: string }>(
    tx,
    sql`SELECT ${COLUMNS}, ${key.expr}::text AS k
          FROM (SELECT m.id FROM memberships m WHERE ${where(companyId, f)}${after}
                 ORDER BY ${key.expr} ${dir}, m.id ${dir} LIMIT ${limit}) p
          JOIN memberships m ON m.id = p.id
          JOIN users u ON u.id = m.user_id
         ORDER BY ${key.expr} ${dir}, m.id ${dir}`,
  );
}

export async function findMember(tx: Tx, companyId: string, userId: string, lock = false) {
  const [r] = await rows<MemberRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.company_id = ${companyId} AND m.user_id = ${userId}${lock ? sql` FOR UPDATE OF m` : sql``}`,
  );
  return r ?? null;
}

export interface MembershipPatch {
  roles?: string[];
  enabled?: boolean;
  schedulingEnabled?: boolean;
  emailEnabled?: boolean;
  videoCallEnabled?: boolean;
}

/** Applies a patch when the version still matches; null when someone else changed it first. */
export async function updateMembership(tx: Tx, id: string, version: number, p: MembershipPatch) {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (p.roles)
    sets.push(
      sql`roles = ARRAY[${sql.join(
        p.roles.map((r) => sql`${r}`),
        sql`, `,
      )}]::text[]`,
    );
  if (p.enabled !== undefined) sets.push(sql`enabled = ${p.enabled}`);
  if (p.schedulingEnabled !== undefined) sets.push(sql`scheduling_enabled = ${p.schedulingEnabled}`);
  if (p.emailEnabled !== undefined) sets.push(sql`email_enabled = ${p.emailEnabled}`);
  if (p.videoCallEnabled !== undefined) sets.push(sql`video_call_enabled = ${p.videoCallEnabled}`);
  const r = await rows<{ id: string }>(
    tx,
    sql`UPDATE memberships SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return r.length > 0;
}

/**
 * The company's enabled admins other than `exceptId`, locking every enabled admin row so two admins
 * demoting each other at the same moment cannot both succeed.
 */
export async function otherActiveAdmins(tx: Tx, companyId: string, exceptId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM memberships WHERE company_id = ${companyId} AND enabled AND roles @> ARRAY['admin']::text[]
         ORDER BY id FOR UPDATE`,
  );
  return r.filter((x) => x.id !== exceptId).length;
}

export async function deleteMembership(tx: Tx, companyId: string, membershipId: string, userId: string) {
  await tx.execute(sql`DELETE FROM team_members WHERE company_id = ${companyId} AND user_id = ${userId}`);
  await tx.execute(
    sql`UPDATE teams SET lead_user_id = NULL WHERE company_id = ${companyId} AND lead_user_id = ${userId}`,
  );
  await tx.execute(sql`DELETE FROM memberships WHERE id = ${membershipId}`);
}

export function teamsOf(tx: Tx, companyId: string, userId: string) {
  return rows<{ id: string; name: string; is_lead: boolean }>(
    tx,
    sql`SELECT t.id, t.name, (t.lead_user_id = ${userId}) AS is_lead
          FROM team_members tm JOIN teams t ON t.id = tm.team_id
         WHERE tm.company_id = ${companyId} AND tm.user_id = ${userId}
         ORDER BY t.name, t.id`,
  );
}

/** Live sessions of a user on this company's host (sessions are not a tenant table: filter here). */
export function activeSessions(tx: Tx, companyId: string | null, userId: string) {
  return rows<{
    id: string;
    user_agent: string | null;
    ip: string | null;
    created_at: Date;
    last_used_at: Date;
    expires_at: Date;
  }>(
    tx,
    sql`SELECT id, user_agent, ip, created_at, last_used_at, expires_at FROM sessions
         WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > now()
           ${companyId ? sql`AND company_id = ${companyId}` : sql``}
         ORDER BY last_used_at DESC LIMIT 100`,
  );
}
