import { EXPIRING_WITHIN_DAYS } from '@wac/shared/schemas/certifications';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { afterKeyset, and, type KeysetCursor, rows, intLiteral } from '../../db/sql';

/**
 * The company-wide evidence export (compliance): every file is read in keyset batches, each batch
 * its own short statement, so an export of millions of rows holds one batch at a time. Every
 * statement names the company as well: row-level security is the second lock, not the only one.
 */

export interface Range {
  from?: string;
  to?: string;
}
const inRange = (column: SQL, r: Range) => {
  const parts: SQL[] = [];
  if (r.from) parts.push(sql`${column} >= ${r.from}::timestamptz`);
  if (r.to) parts.push(sql`${column} < ${r.to}::timestamptz`);
  return parts;
};

/** Calendar days of the company (both included) as the instants that bound them: [from 00:00, the day after `to` 00:00). */
export async function dayBounds(tx: Tx, companyId: string, days: { from?: string; to?: string }): Promise<Range> {
  const [row] = await rows<{ from: Date | string | null; to: Date | string | null }>(
    tx,
    sql`SELECT (${days.from ?? null}::date)::timestamp AT TIME ZONE c.time_zone AS "from",
          (${days.to ?? null}::date + 1)::timestamp AT TIME ZONE c.time_zone AS "to"
        FROM companies c WHERE c.id = ${companyId}`,
  );
  const at = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : undefined);
  return { from: at(row?.from), to: at(row?.to) };
}

export interface CompanyRow {
  id: string;
  name: string;
  sub_domain: string;
  today: string;
  time_zone: string;
}
export async function company(tx: Tx, companyId: string) {
  const [row] = await rows<CompanyRow>(
    tx,
    sql`SELECT id, name, sub_domain, time_zone, to_char((now() AT TIME ZONE time_zone)::date, 'YYYY-MM-DD') AS today
        FROM companies WHERE id = ${companyId}`,
  );
  return row!;
}

export interface PolicyRow {
  id: string;
  title: string;
  category: string;
  owner_email: string | null;
  audience_all: boolean;
  audience_team_ids: string[];
  audience_department_ids: string[];
  due_days: number;
  current_number: number | null;
  ack_number: number | null;
  archived_at: Date | string | null;
  created_at: Date | string;
}
export function policiesBatch(tx: Tx, companyId: string, after: string | null, limit: number) {
  return rows<PolicyRow>(
    tx,
    sql`SELECT p.id, p.title, p.category, ou.email AS owner_email, p.audience_all, p.audience_team_ids::text[] AS audience_team_ids,
          p.audience_department_ids::text[] AS audience_department_ids, p.due_days, p.current_number, p.ack_number,
          p.archived_at, p.created_at
        FROM policies p LEFT JOIN users ou ON ou.id = p.owner_user_id
        WHERE p.company_id = ${companyId}${after ? sql` AND p.id > ${after}::uuid` : sql``}
        ORDER BY p.id LIMIT ${intLiteral(limit)}`,
  );
}

export interface VersionRow {
  id: string;
  policy_id: string;
  title: string;
  number: number;
  state: string;
  body_kind: string | null;
  pdf_name: string | null;
  content_sha256: string | null;
  requires_ack: boolean;
  published_at: Date | string | null;
  published_by_email: string | null;
}
/** Every version of every policy (drafts too: their hash is empty until published), by policy then number. */
export function versionsBatch(
  tx: Tx,
  companyId: string,
  after: { policyId: string; number: number } | null,
  limit: number,
) {
  return rows<VersionRow>(
    tx,
    sql`SELECT v.id, v.policy_id, p.title, v.number, v.state, v.body_kind, v.pdf_name, v.content_sha256, v.requires_ack,
          v.published_at, pu.email AS published_by_email
        FROM policy_versions v JOIN policies p ON p.company_id = v.company_id AND p.id = v.policy_id
        LEFT JOIN users pu ON pu.id = v.published_by
        WHERE v.company_id = ${companyId}${after ? sql` AND (v.policy_id, v.number) > (${after.policyId}::uuid, ${after.number}::int)` : sql``}
        ORDER BY v.policy_id, v.number LIMIT ${intLiteral(limit)}`,
  );
}

export interface AckRow {
  id: string;
  policy_id: string;
  title: string;
  version_number: number;
  content_sha256: string;
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  ip: string | null;
  user_agent: string | null;
  acknowledged_at: Date | string;
  k: string;
}
/** One policy's acknowledgements in the range, in time order (index policy_acks_policy_time_idx). */
export function acknowledgementsBatch(
  tx: Tx,
  companyId: string,
  policyId: string,
  range: Range,
  cursor: KeysetCursor | null,
  limit: number,
) {
  const parts: SQL[] = [
    sql`a.company_id = ${companyId}`,
    sql`a.policy_id = ${policyId}`,
    ...inRange(sql`a.acknowledged_at`, range),
  ];
  const after = afterKeyset({ expr: sql`a.acknowledged_at`, type: sql`timestamptz` }, sql`a.id`, false, cursor);
  return rows<AckRow>(
    tx,
    sql`SELECT a.id, a.policy_id, p.title, a.version_number, a.content_sha256, a.user_id, u.email, u.first_name, u.last_name,
          a.ip, a.user_agent, a.acknowledged_at, a.acknowledged_at::text AS k
        FROM policy_acknowledgements a JOIN policies p ON p.company_id = a.company_id AND p.id = a.policy_id
        LEFT JOIN users u ON u.id = a.user_id
        WHERE ${and(parts)}${after} ORDER BY a.acknowledged_at, a.id LIMIT ${intLiteral(limit)}`,
  );
}

export interface TypeRow {
  id: string;
  name: string;
  description: string;
  validity_months: number;
  remind_days_before: number;
  audience_all: boolean;
  audience_team_ids: string[];
  audience_department_ids: string[];
  created_at: Date | string;
}
export function typesBatch(tx: Tx, companyId: string, after: string | null, limit: number) {
  return rows<TypeRow>(
    tx,
    sql`SELECT id, name, description, validity_months, remind_days_before, audience_all,
          audience_team_ids::text[] AS audience_team_ids, audience_department_ids::text[] AS audience_department_ids, created_at
        FROM certification_types WHERE company_id = ${companyId}${after ? sql` AND id > ${after}::uuid` : sql``}
        ORDER BY id LIMIT ${intLiteral(limit)}`,
  );
}

export interface RecordRow {
  id: string;
  type_id: string;
  type_name: string;
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  issued_on: string;
  expires_on: string;
  approval: 'approved' | 'pending' | 'rejected';
  is_current: boolean;
  status_on_export_day: string;
  evidence_name: string | null;
  evidence_content_type: string | null;
  evidence_size: number | null;
  evidence_sha256: string | null;
  recorded_by_email: string | null;
  created_at: Date | string;
  reviewed_by_email: string | null;
  reviewed_at: Date | string | null;
  review_note: string | null;
}
/**
 * Every certification record, with where it stands on the export day: the record that counts is
 * valid / expiring / expired; the others are superseded (an older one), pending or rejected. The
 * evidence's SHA-256 is computed by the database: the bytes never leave it.
 */
export function recordsBatch(tx: Tx, companyId: string, today: string, after: string | null, limit: number) {
  return rows<RecordRow>(
    tx,
    sql`SELECT r.id, r.type_id, ct.name AS type_name, r.user_id, u.email, u.first_name, u.last_name,
          to_char(r.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(r.expires_on, 'YYYY-MM-DD') AS expires_on,
          r.status AS approval, r.is_current,
          CASE WHEN r.status <> 'approved' THEN r.status
            WHEN NOT r.is_current THEN 'superseded'
            WHEN r.expires_on < ${today}::date THEN 'expired'
            WHEN r.expires_on <= ${today}::date + ${EXPIRING_WITHIN_DAYS}::int THEN 'expiring'
            ELSE 'valid' END AS status_on_export_day,
          r.evidence_name, r.evidence_content_type, r.evidence_size,
          CASE WHEN r.evidence IS NULL THEN NULL ELSE encode(sha256(r.evidence), 'hex') END AS evidence_sha256,
          rb.email AS recorded_by_email, r.created_at, vb.email AS reviewed_by_email, r.reviewed_at, r.review_note
        FROM certification_records r
        JOIN certification_types ct ON ct.company_id = r.company_id AND ct.id = r.type_id
        LEFT JOIN users u ON u.id = r.user_id
        LEFT JOIN users rb ON rb.id = r.recorded_by
        LEFT JOIN users vb ON vb.id = r.reviewed_by
        WHERE r.company_id = ${companyId}${after ? sql` AND r.id > ${after}::uuid` : sql``}
        ORDER BY r.id LIMIT ${intLiteral(limit)}`,
  );
}

/** The objects whose audit trail the evidence carries. */
export const EVIDENCE_TARGETS = ['policy', 'certification_type', 'certification'];

export interface AuditRow {
  id: string;
  seq: string | number;
  created_at: Date | string;
  action: string;
  target_type: string;
  target_id: string | null;
  actor_user_id: string | null;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  before: unknown;
  after: unknown;
  prev_hash: string | null;
  hash: string | null;
}
/** The audit trail of policies and certifications in the range, in chain order (keyset on seq). */
export function auditBatch(tx: Tx, companyId: string, range: Range, afterSeq: number, limit: number) {
  const parts: SQL[] = [
    sql`a.company_id = ${companyId}`,
    sql`a.seq > ${afterSeq}`,
    sql`a.target_type = ANY (${`{${EVIDENCE_TARGETS.join(',')}}`}::text[])`,
    ...inRange(sql`a.created_at`, range),
  ];
  return rows<AuditRow>(
    tx,
    sql`SELECT a.id, a.seq, a.created_at, a.action, a.target_type, a.target_id, a.actor_user_id, u.email AS actor_email,
          a.ip, a.user_agent, a.before, a.after, a.prev_hash, a.hash
        FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
        WHERE ${and(parts)} ORDER BY a.seq LIMIT ${intLiteral(limit)}`,
  );
}

/** The company's audit chain head when the export started (the trail's rows are checkable against it). */
export async function chainHead(tx: Tx, companyId: string) {
  const [row] = await rows<{ seq: number | string; hash: string }>(
    tx,
    sql`SELECT seq, hash FROM audit_chain_head(${companyId})`,
  );
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: '' };
}
