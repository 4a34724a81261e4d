import type { CompanyExportQuery } from '@wac/shared/schemas/companies';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  afterKeyset,
  and,
  containsPattern,
  type KeysetCursor,
  pageTotal,
  rows,
  type SortKey,
  intLiteral,
} from '../../lib/sql';

export interface CompanyRow {
  id: string;
  name: string;
  title: string | null;
  description: string | null;
  sub_domain: string;
  logo: string | null;
  enabled: boolean;
  plan: string;
  trial_ends_at: Date | string | null;
  invitation_limit_hour: number | null;
  invitation_limit_day: number | null;
  created_at: Date | string;
  version: number;
}

const COLS = sql`id, name, title, description, sub_domain, logo, enabled, plan, trial_ends_at,
  invitation_limit_hour, invitation_limit_day, created_at, version`;
export type CompanyFilter = Pick<CompanyExportQuery, 'search' | 'enabled' | 'sort' | 'order'>;

const SORTS: Record<CompanyFilter['sort'], SortKey> = {
  name: { expr: sql`name`, type: sql`text` },
  subDomain: { expr: sql`sub_domain`, type: sql`text` },
  createdAt: { expr: sql`created_at`, type: sql`timestamptz` },
};

function where(f: CompanyFilter): SQL {
  const parts: SQL[] = [sql`true`];
  // Matches the companies_search_trgm expression index (migration 0001).
  if (f.search) parts.push(sql`lower(name || ' ' || sub_domain) LIKE ${containsPattern(f.search)}`);
  if (f.enabled) parts.push(sql`enabled = ${f.enabled === 'true'}`);
  return and(parts);
}

const orderOf = (f: CompanyFilter) => {
  const key = SORTS[f.sort];
  const desc = f.order === 'desc';
  const dir = desc ? sql`DESC` : sql`ASC`;
  return { key, desc, order: sql`${key.expr} ${dir}, id ${dir}` };
};

export type CompanyListRow = CompanyRow & { member_count: number };

/**
 * One page of the listing with each company's enabled members. The count is the row ('', true) of
 * `member_stats`, kept by the statement triggers on memberships (migration 0003), read by a
 * sub-select per company of the page: a lookup on the counters' primary key, ten per page, no
 * membership read whatever their number. A join instead let the planner read every company's
 * counter and filter it (a Bitmap Heap Scan of member_stats materialized under the page). The plan
 * on PostgreSQL:
 *   Index Scan using companies_name_idx … (Limit 10, the page)
 *   SubPlan 1
 *     -> Index Scan using member_stats_company_id_role_enabled_pk on member_stats s
 *          Index Cond: ((company_id = c.id) AND (role = ''::text) AND (enabled = true))
 * (company-users.test.ts, "counts members without reading memberships", checks it on both databases).
 * Not sortable by the count: the counters are another table, so an ORDER BY on it reads every
 * company's counter before the page; the listing's sorts all walk an index of companies.
 */
export function listSql(q: CompanyFilter & { page: number; itemsPerPage: number }) {
  return sql`SELECT c.*, coalesce((SELECT s.n FROM member_stats s
                                     WHERE s.company_id = c.id AND s.role = '' AND s.enabled), 0)::int AS member_count
    FROM (SELECT ${COLS} FROM companies WHERE ${where(q)} ORDER BY ${orderOf(q).order}
           LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}) c
    ORDER BY ${orderOf(q).order}`;
}

export async function list(tx: Tx, q: CompanyFilter & { page: number; itemsPerPage: number }) {
  const data = await rows<CompanyListRow>(tx, listSql(q));
  const totalItems = await pageTotal(q, data.length, async () => {
    const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM companies WHERE ${where(q)}`);
    return c?.n ?? 0;
  });
  return { data, totalItems };
}

/** A batch of the export, by keyset on (sort key, id): rows strictly after `cursor` in the listing's order. */
export function batch(tx: Tx, f: CompanyFilter, cursor: KeysetCursor | null, limit: number) {
  const { key, desc, order } = orderOf(f);
  // Each row's enabled members as on the listing: the counter's primary key, one lookup a row.
  return rows<CompanyListRow & { account_type: string; k: string }>(
    tx,
    sql`SELECT c.*, coalesce((SELECT s.n FROM member_stats s
                                 WHERE s.company_id = c.id AND s.role = '' AND s.enabled), 0)::int AS member_count
          FROM (SELECT ${COLS}, account_type, ${key.expr}::text AS k FROM companies
                 WHERE ${where(f)}${afterKeyset(key, sql`id`, desc, cursor)} ORDER BY ${order} LIMIT ${intLiteral(limit)}) c
         ORDER BY ${order}`,
  );
}

export async function find(tx: Tx, id: string, lock = false) {
  const [r] = await rows<CompanyRow>(
    tx,
    sql`SELECT ${COLS} FROM companies WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return r ?? null;
}

export async function subDomainTaken(tx: Tx, subDomain: string, exceptId: string | null = null) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM companies WHERE sub_domain = ${subDomain}${exceptId ? sql` AND id <> ${exceptId}` : sql``}`,
  );
  return r.length > 0;
}

export async function insert(
  tx: Tx,
  v: {
    name: string;
    title: string | null;
    description: string | null;
    subDomain: string;
    plan: string;
    trialEndsAt: string | null;
  },
) {
  const [r] = await rows<CompanyRow>(
    tx,
    sql`INSERT INTO companies (name, title, description, sub_domain, plan, trial_ends_at)
        VALUES (${v.name}, ${v.title}, ${v.description}, ${v.subDomain}, ${v.plan}, ${v.trialEndsAt}::timestamptz)
        RETURNING ${COLS}`,
  );
  return r!;
}

export interface CompanyPatch {
  name?: string;
  title?: string | null;
  description?: string | null;
  subDomain?: string;
  plan?: string;
  trialEndsAt?: string | null;
  enabled?: boolean;
  logo?: string | null;
  invitationLimitHour?: number | null;
  invitationLimitDay?: number | null;
}

export async function update(tx: Tx, id: string, version: number, p: CompanyPatch) {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (p.name !== undefined) sets.push(sql`name = ${p.name}`);
  if (p.title !== undefined) sets.push(sql`title = ${p.title}`);
  if (p.description !== undefined) sets.push(sql`description = ${p.description}`);
  if (p.subDomain !== undefined) sets.push(sql`sub_domain = ${p.subDomain}`);
  if (p.plan !== undefined) sets.push(sql`plan = ${p.plan}`);
  if (p.trialEndsAt !== undefined) sets.push(sql`trial_ends_at = ${p.trialEndsAt}::timestamptz`);
  if (p.enabled !== undefined) sets.push(sql`enabled = ${p.enabled}`);
  if (p.logo !== undefined) sets.push(sql`logo = ${p.logo}`);
  if (p.invitationLimitHour !== undefined) sets.push(sql`invitation_limit_hour = ${p.invitationLimitHour}`);
  if (p.invitationLimitDay !== undefined) sets.push(sql`invitation_limit_day = ${p.invitationLimitDay}`);
  const [r] = await rows<CompanyRow>(
    tx,
    sql`UPDATE companies SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND version = ${version} RETURNING ${COLS}`,
  );
  return r ?? null;
}

export async function userByEmail(tx: Tx, email: string) {
  const [r] = await rows<{ id: string }>(tx, sql`SELECT id FROM users WHERE email = ${email}`);
  return r ?? null;
}
