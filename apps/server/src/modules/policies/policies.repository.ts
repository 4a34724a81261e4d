import type { PolicyListQuery } from '@wac/shared/schemas/policies';
import { and as dand, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { policies, policyVersions } from '../../db/schema/index';
import { and, containsPattern, rows, intLiteral } from '../../db/sql';

/** Every statement names the company as well: row-level security is the second lock, not the only one. */

export interface PolicyRow {
  id: string;
  title: string;
  category: string;
  owner_user_id: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string | null;
  audience_all: boolean;
  audience_team_ids: string[];
  audience_department_ids: string[];
  due_days: number;
  current_version_id: string | null;
  current_number: number | null;
  ack_number: number | null;
  ack_published_at: Date | string | null;
  archived_at: Date | string | null;
  created_at: Date | string;
  version: number;
}

const COLS = sql`p.id, p.title, p.category, p.owner_user_id, ou.first_name AS owner_first_name,
  ou.last_name AS owner_last_name, ou.email AS owner_email, p.audience_all, p.audience_team_ids::text[] AS audience_team_ids,
  p.audience_department_ids::text[] AS audience_department_ids, p.due_days, p.current_version_id, p.current_number,
  p.ack_number, p.ack_published_at, p.archived_at, p.created_at, p.version`;
const FROM = sql`policies p LEFT JOIN users ou ON ou.id = p.owner_user_id`;

const statusCondition = (status: PolicyListQuery['status']) => {
  if (status === 'archived') return sql`p.archived_at IS NOT NULL`;
  if (status === 'draft') return sql`p.archived_at IS NULL AND p.current_version_id IS NULL`;
  if (status === 'active') return sql`p.archived_at IS NULL AND p.current_version_id IS NOT NULL`;
  return null;
};

export async function list(tx: Tx, companyId: string, q: PolicyListQuery) {
  const parts: SQL[] = [sql`p.company_id = ${companyId}`];
  if (q.search)
    parts.push(
      sql`(lower(p.title) LIKE ${containsPattern(q.search)} OR lower(p.category) LIKE ${containsPattern(q.search)})`,
    );
  const status = statusCondition(q.status);
  if (status) parts.push(status);
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const key = q.sort === 'createdAt' ? sql`p.created_at` : sql`p.title`;
  const data = await rows<PolicyRow>(
    tx,
    sql`SELECT ${COLS} FROM ${FROM} WHERE ${and(parts)} ORDER BY ${key} ${dir}, p.id ${dir}
        LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM policies p WHERE ${and(parts)}`);
  return { data, totalItems: c?.n ?? 0 };
}

/**
 * The dashboard's compliance figures in one statement: the active policies (the first `limit` by
 * title) and their outstanding and overdue people from the due buckets (decision 022).
 */
export async function backlog(tx: Tx, companyId: string, limit: number) {
  const [r] = await rows<{ active_policies: number; outstanding: number; overdue: number }>(
    tx,
    sql`WITH a AS (SELECT p.id FROM policies p WHERE p.company_id = ${companyId} AND ${statusCondition('active')!}
                    ORDER BY p.title, p.id LIMIT ${intLiteral(limit)})
        SELECT (SELECT count(*) FROM a)::int AS active_policies,
               coalesce(sum(d.n) FILTER (WHERE d.due_at >= now()), 0)::int AS outstanding,
               coalesce(sum(d.n) FILTER (WHERE d.due_at < now()), 0)::int AS overdue
          FROM policy_due_counts d WHERE d.company_id = ${companyId} AND d.policy_id IN (SELECT id FROM a)`,
  );
  return { activePolicies: r?.active_policies ?? 0, outstanding: r?.outstanding ?? 0, overdue: r?.overdue ?? 0 };
}

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const [row] = await rows<PolicyRow>(
    tx,
    sql`SELECT ${COLS} FROM ${FROM} WHERE p.company_id = ${companyId} AND p.id = ${id}${lock ? sql` FOR UPDATE OF p` : sql``}`,
  );
  return row ?? null;
}

export interface PolicyValues {
  title: string;
  category: string;
  ownerUserId: string | null;
  audienceAll: boolean;
  audienceTeamIds: string[];
  audienceDepartmentIds: string[];
  dueDays: number;
}

/** A new policy with its first, empty draft. */
export async function insert(tx: Tx, companyId: string, values: PolicyValues) {
  const [row] = await tx
    .insert(policies)
    .values({ companyId, ...values })
    .returning({ id: policies.id });
  await tx.insert(policyVersions).values({ companyId, policyId: row!.id, number: 1 });
  return row!.id;
}

/** Applies a patch when the row is still at `version`; false when someone changed it first. */
export async function update(
  tx: Tx,
  companyId: string,
  id: string,
  version: number,
  patch: Partial<PolicyValues> & { archivedAt?: Date },
) {
  const res = await tx
    .update(policies)
    .set({ ...patch, version: sql`${policies.version} + 1`, updatedAt: new Date() })
    .where(dand(eq(policies.companyId, companyId), eq(policies.id, id), eq(policies.version, version)))
    .returning({ id: policies.id });
  return res.length > 0;
}

export interface VersionRow {
  id: string;
  policy_id: string;
  number: number;
  state: 'draft' | 'published';
  body_kind: 'text' | 'pdf' | null;
  body_html: string | null;
  pdf_name: string | null;
  content_sha256: string | null;
  requires_ack: boolean;
  published_at: Date | string | null;
  updated_at: Date | string;
}
const VCOLS = sql`v.id, v.policy_id, v.number, v.state, v.body_kind, v.body_html, v.pdf_name, v.content_sha256,
  v.requires_ack, v.published_at, v.updated_at`;

/** The versions of a policy, newest first, without their bodies. */
export function versions(tx: Tx, companyId: string, policyId: string) {
  return rows<Omit<VersionRow, 'body_html'> & { body_html: null }>(
    tx,
    sql`SELECT v.id, v.policy_id, v.number, v.state, v.body_kind, NULL AS body_html, v.pdf_name, v.content_sha256,
          v.requires_ack, v.published_at, v.updated_at
        FROM policy_versions v WHERE v.company_id = ${companyId} AND v.policy_id = ${policyId} ORDER BY v.number DESC`,
  );
}

export async function findVersion(tx: Tx, companyId: string, policyId: string, versionId: string) {
  const [row] = await rows<VersionRow>(
    tx,
    sql`SELECT ${VCOLS} FROM policy_versions v
        WHERE v.company_id = ${companyId} AND v.policy_id = ${policyId} AND v.id = ${versionId}`,
  );
  return row ?? null;
}

export async function findDraft(tx: Tx, companyId: string, policyId: string) {
  const [row] = await rows<VersionRow>(
    tx,
    sql`SELECT ${VCOLS} FROM policy_versions v
        WHERE v.company_id = ${companyId} AND v.policy_id = ${policyId} AND v.state = 'draft'`,
  );
  return row ?? null;
}

/** The policy's draft, started after its newest version when there is none. */
export async function ensureDraft(tx: Tx, companyId: string, policyId: string) {
  const existing = await findDraft(tx, companyId, policyId);
  if (existing) return existing;
  await rows(
    tx,
    sql`INSERT INTO policy_versions (company_id, policy_id, number)
        SELECT ${companyId}, ${policyId}, coalesce(max(number), 0) + 1 FROM policy_versions
        WHERE company_id = ${companyId} AND policy_id = ${policyId}`,
  );
  return (await findDraft(tx, companyId, policyId))!;
}

export async function setDraftBody(
  tx: Tx,
  companyId: string,
  versionId: string,
  body: {
    bodyKind: 'text' | 'pdf';
    bodyHtml: string | null;
    pdf: Buffer | null;
    pdfName: string | null;
    contentSha256: string;
  },
) {
  await tx
    .update(policyVersions)
    .set({ ...body, updatedAt: new Date() })
    .where(
      dand(
        eq(policyVersions.companyId, companyId),
        eq(policyVersions.id, versionId),
        eq(policyVersions.state, 'draft'),
      ),
    );
}

/** Freezes the draft and makes it the policy's current version (and the one to acknowledge, when it says so). */
export async function publish(
  tx: Tx,
  companyId: string,
  policyId: string,
  draft: VersionRow,
  requiresAck: boolean,
  by: string | null,
) {
  const [v] = await rows<{ published_at: Date | string }>(
    tx,
    sql`UPDATE policy_versions SET state = 'published', requires_ack = ${requiresAck}, published_at = now(),
          published_by = ${by}, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${draft.id} AND state = 'draft' RETURNING published_at`,
  );
  await rows(
    tx,
    sql`UPDATE policies SET current_version_id = ${draft.id}, current_number = ${draft.number},
          ack_number = CASE WHEN ${requiresAck} THEN ${draft.number} ELSE ack_number END,
          ack_published_at = CASE WHEN ${requiresAck} THEN now() ELSE ack_published_at END,
          version = version + 1, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${policyId}`,
  );
  return v!.published_at;
}

export async function pdfOf(tx: Tx, companyId: string, policyId: string, versionId: string) {
  const [row] = await tx
    .select({ pdf: policyVersions.pdf, pdfName: policyVersions.pdfName })
    .from(policyVersions)
    .where(
      dand(
        eq(policyVersions.companyId, companyId),
        eq(policyVersions.policyId, policyId),
        eq(policyVersions.id, versionId),
      ),
    );
  return row?.pdf ? { pdf: row.pdf, name: row.pdfName ?? 'policy.pdf' } : null;
}

/** A uuid list as one array parameter (drizzle would spread a JS array into a row). */
const pgArray = (ids: string[]) => `{${ids.join(',')}}`;

/** How many of these ids are this company's members, teams, departments (a foreign or unknown id is none). */
export async function refsFound(
  tx: Tx,
  companyId: string,
  refs: { owner: string | null; teams: string[]; departments: string[] },
) {
  const [row] = await rows<{ owner: boolean; teams: number; departments: number }>(
    tx,
    sql`SELECT
          (${refs.owner}::uuid IS NULL OR EXISTS (SELECT 1 FROM memberships WHERE company_id = ${companyId} AND user_id = ${refs.owner}::uuid)) AS owner,
          (SELECT count(*)::int FROM teams WHERE company_id = ${companyId} AND id = ANY (${pgArray(refs.teams)}::uuid[])) AS teams,
          (SELECT count(*)::int FROM departments WHERE company_id = ${companyId} AND id = ANY (${pgArray(refs.departments)}::uuid[])) AS departments`,
  );
  return row!;
}

/** The companies that have a policy (system scope: the rebuild command). */
export async function companiesWithPolicies(tx: Tx) {
  const r = await rows<{ company_id: string }>(tx, sql`SELECT DISTINCT company_id FROM policies ORDER BY company_id`);
  return r.map((x) => x.company_id);
}
