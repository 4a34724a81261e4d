import type { MemberListQuery } from '@wac/shared/schemas/members';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { afterKeyset, and, containsPattern, type KeysetCursor, preparedRows, rows, type SortKey } from '../../lib/sql';

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
const SORT_KEYS: Record<MemberFilter['sort'], SortKey> = {
  name: { expr: sql`m.sort_name`, type: sql`text` },
  email: { expr: sql`m.email`, type: sql`text` },
  createdAt: { expr: sql`m.created_at`, type: sql`timestamptz` },
  role: { expr: sql`m.role_key`, type: sql`text` },
};

function where(companyId: string, f: Omit<MemberFilter, 'sort' | 'order'>): SQL {
  const parts: SQL[] = [sql`m.company_id = ${companyId}`];
  if (f.search) {
    // memberships is under row-level security, where a LIKE cannot use an index (it is not leakproof
    // and must wait behind the policy); member_search_ids() reads the per-company trigram index of
    // member_search for the scope's own company (migration 0003).
    parts.push(sql`m.id IN (SELECT member_search_ids(${companyId}::uuid, ${containsPattern(f.search)}))`);
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

const orderOf = (f: MemberFilter) => {
  const key = SORT_KEYS[f.sort];
  const desc = f.order === 'desc';
  return { key, desc, dir: desc ? sql`DESC` : sql`ASC` };
};

/** Rows strictly after `cursor` in the listing's order (a keyset condition on the sort index). */
function afterCursor(f: MemberFilter, cursor: MemberCursor | null): SQL {
  const { key, desc } = orderOf(f);
  return afterKeyset(key, sql`m.id`, desc, cursor);
}

/**
 * A filtered set that can be large (no search, no team) is counted from member_stats: the sum of at
 * most two counter rows kept by triggers, instead of counting up to 100,000 index entries.
 */
function countedTotal(companyId: string, f: MemberFilter): SQL {
  const status = f.status ? sql` AND enabled = ${f.status === 'enabled'}` : sql``;
  return sql`(SELECT coalesce(sum(n), 0)::int FROM member_stats
               WHERE company_id = ${companyId} AND role = ${f.role ?? ''}${status})`;
}

/** The company's member-ordering version (migration 0003), as a scalar sub-select. */
const listVersion = (companyId: string) =>
  sql`(SELECT version FROM member_list_versions WHERE company_id = ${companyId})`;
/** The version a statement read (bigint comes back as text; no row yet means 0). */
const versionOf = (r: { list_version: string | null } | undefined) =>
  r?.list_version == null ? 0 : Number(r.list_version);

export interface PageResult {
  rows: MemberRow[];
  total: number;
  /** The company's member-ordering version the page was read at (counted listings only). */
  version: number | null;
}

/**
 * One page in one statement. Searched or team-filtered sets are small: their page and their total
 * (a window count) come from one pass over the matches. Other sets are large: the total comes from
 * member_stats and the page from the sort index, starting after `anchor` (a row whose position the
 * caller knows) and skipping `skip` entries — a deferred join, so only the page's rows meet users.
 */
export async function listMembersPage(
  tx: Tx,
  companyId: string,
  f: MemberFilter,
  limit: number,
  skip: number,
  anchor: MemberCursor | null = null,
): Promise<PageResult> {
  const { key, dir, desc } = orderOf(f);
  const order = sql`${key.expr} ${dir}, m.id ${dir}`;
  if (f.search && !f.team) {
    // The page and the count from member_search alone (migration 0003); only the page meets
    // memberships (under its policy) and users.
    const r = await preparedRows<MemberRow & { total: number }>(
      tx,
      sql`SELECT ${COLUMNS}, p.total
            FROM (SELECT 0) one
            LEFT JOIN LATERAL (
              SELECT membership_id, total, row_number() OVER () AS ord
                FROM member_search_page(${companyId}::uuid, ${f.search}::text, ${f.role ?? null}::text,
                                        ${f.status ? f.status === 'enabled' : null}::boolean, ${f.sort}::text,
                                        ${desc}::boolean, ${limit}::int, ${skip}::int)) p ON true
            LEFT JOIN memberships m ON m.id = p.membership_id
            LEFT JOIN users u ON u.id = m.user_id
           ORDER BY p.ord`,
    );
    return { rows: r.filter((x) => x.id !== null), total: r[0]?.total ?? 0, version: null };
  }
  if (f.search || f.team) {
    const r = await preparedRows<MemberRow & { total: number }>(
      tx,
      sql`SELECT ${COLUMNS}, p.total
            FROM (SELECT m.id, count(*) OVER ()::int AS total FROM memberships m WHERE ${where(companyId, f)}
                   ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}) p
            JOIN memberships m ON m.id = p.id
            JOIN users u ON u.id = m.user_id
           ORDER BY ${order}`,
    );
    // Past the last page the window has no row to ride on: count separately (rare).
    const total =
      r.length > 0 || skip === 0
        ? (r[0]?.total ?? 0)
        : ((
            await rows<{ n: number }>(
              tx,
              sql`SELECT count(*)::int AS n FROM memberships m WHERE ${where(companyId, f)}`,
            )
          )[0]?.n ?? 0);
    return { rows: r, total, version: null };
  }
  const r = await preparedRows<MemberRow & { total: number; list_version: string | null; k: string }>(
    tx,
    sql`SELECT s.total, s.list_version, r.*
          FROM (SELECT ${countedTotal(companyId, f)} AS total,
                       ${listVersion(companyId)} AS list_version) s
          LEFT JOIN LATERAL (
            SELECT ${COLUMNS}, ${key.expr} AS k
              FROM (SELECT m.id FROM memberships m WHERE ${where(companyId, f)}${afterCursor(f, anchor)}
                     ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}) p
              JOIN memberships m ON m.id = p.id
              JOIN users u ON u.id = m.user_id) r ON true
         ORDER BY r.k ${dir}, r.id ${dir}`,
  );
  const head = r[0];
  return {
    rows: head?.id ? r : [],
    total: head?.total ?? 0,
    version: versionOf(head),
  };
}

/**
 * Every match of a search (no team filter) in the listing's order, up to `max` ids, with the total
 * and the ordering version they were read at — one statement, so all three share one snapshot.
 */
export async function searchIds(tx: Tx, companyId: string, f: MemberFilter, max: number) {
  const r = await preparedRows<{ list_version: string | null; membership_id: string | null; total: number | null }>(
    tx,
    sql`SELECT ${listVersion(companyId)} AS list_version,
               p.membership_id, p.total
          FROM member_search_page(${companyId}::uuid, ${f.search ?? ''}::text, ${f.role ?? null}::text,
                                  ${f.status ? f.status === 'enabled' : null}::boolean, ${f.sort}::text,
                                  ${f.order === 'desc'}::boolean, ${max}::int, 0) p`,
  );
  return {
    version: versionOf(r[0]),
    ids: r.filter((x) => x.membership_id !== null).map((x) => x.membership_id!),
    total: r[0]?.total ?? 0,
  };
}

/** Members by membership id, in the order given, with the company's ordering version now. */
export async function membersByIds(tx: Tx, companyId: string, ids: string[]) {
  const r = await preparedRows<MemberRow & { list_version: string | null }>(
    tx,
    sql`SELECT v.list_version, r.*
          FROM (SELECT ${listVersion(companyId)} AS list_version) v
          LEFT JOIN LATERAL (
            SELECT ${COLUMNS}, x.ord
              FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS x(id, ord)
              JOIN memberships m ON m.id = x.id
              JOIN users u ON u.id = m.user_id) r ON true
         ORDER BY r.ord`,
  );
  return {
    version: versionOf(r[0]),
    rows: r.filter((x) => x.id !== null),
  };
}

/**
 * Every `step`-th row's sort key of a large listing, with the ordering version they were read at:
 * positions the page reader can start from. One index-only pass over the set.
 */
export async function memberAnchors(tx: Tx, companyId: string, f: MemberFilter, step: number) {
  const { key, dir } = orderOf(f);
  const r = await rows<{ list_version: string | null; k: string | null; id: string | null }>(
    tx,
    sql`SELECT v.list_version, x.k, x.id
          FROM (SELECT ${listVersion(companyId)} AS list_version) v
          LEFT JOIN LATERAL (
            SELECT k, id FROM (
              SELECT ${key.expr}::text AS k, m.id,
                     row_number() OVER (ORDER BY ${key.expr} ${dir}, m.id ${dir}) AS rn
                FROM memberships m WHERE ${where(companyId, f)}) w
             WHERE rn % ${step} = 0 ORDER BY rn) x ON true`,
  );
  const version = versionOf(r[0]);
  const keys = r.filter((x) => x.id !== null).map((x) => ({ k: x.k!, id: x.id! }));
  return { version, keys };
}

export type MemberCursor = KeysetCursor;

/** A batch of the export, by keyset on (sort key, id): constant cost per batch at any depth. */
export async function memberBatch(
  tx: Tx,
  companyId: string,
  f: MemberFilter,
  cursor: MemberCursor | null,
  limit: number,
) {
  const { key, dir } = orderOf(f);
  // Deferred join again: the batch's ids come from an index-only range scan that stops at `limit`,
  // and only those rows are joined with users (joining first made the planner read every remaining row).
  return preparedRows<MemberRow & { k: string }>(
    tx,
    sql`SELECT ${COLUMNS}, ${key.expr}::text AS k
          FROM (SELECT m.id FROM memberships m WHERE ${where(companyId, f)}${afterCursor(f, cursor)}
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

/** The company's enabled admins (at most 200), on the role-key index: a company of 100,000 members has a handful. */
export async function enabledAdmins(tx: Tx, companyId: string) {
  const r = await preparedRows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM memberships
         WHERE company_id = ${companyId} AND role_key IN ('admin', 'admin,member', 'member,admin')
           AND enabled AND 'admin' = ANY(roles) LIMIT 200`,
  );
  return r.map((x) => x.user_id);
}
