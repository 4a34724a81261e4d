import {
  type CertificationHoldersQuery,
  type CertificationTypeListQuery,
  EXPIRING_WITHIN_DAYS,
} from '@wac/shared/schemas/certifications';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lockUntilCommit } from '../../lib/sql';
import { certificationRecords, certificationTypes } from '../../db/schema/index';
import { and, containsPattern, rows, intLiteral } from '../../db/sql';

/**
 * Certification types and records. Every statement names the company as well: row-level security
 * is the second lock, not the only one. Where a person stands comes from their current record (the
 * one that expires last, flagged `is_current` by certification_refresh_current), joined once per
 * member, so a type's counts and lists are one hash or merge join over the company's members; and
 * "today" is the company's calendar day, passed in by the service.
 */

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
  version: number;
}
type Audience = Pick<TypeRow, 'audience_all' | 'audience_team_ids' | 'audience_department_ids'>;

const TYPE_COLS = sql`ct.id, ct.name, ct.description, ct.validity_months, ct.remind_days_before, ct.audience_all,
  ct.audience_team_ids::text[] AS audience_team_ids, ct.audience_department_ids::text[] AS audience_department_ids,
  ct.created_at, ct.version`;

/** Whether member `m` is in type `ct`'s audience (any type: the self-service list and the reminder scan). */
export const inAudience = sql`(ct.audience_all
  OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = m.company_id AND tm.user_id = m.user_id AND tm.team_id = ANY (ct.audience_team_ids))
  OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = m.company_id AND e.user_id = m.user_id AND e.department_id = ANY (ct.audience_department_ids)))`;

/**
 * The member `m` is still employed on `day`: no employee record ending before it. Someone who left
 * (end date passed) needs no certificate any more: not listed, not counted, not reminded.
 */
export const employedOn = (day: string) => sql`NOT EXISTS (SELECT 1 FROM employees e_end
  WHERE e_end.company_id = m.company_id AND e_end.user_id = m.user_id AND e_end.end_date < ${day}::date)`;

/** The same for one known type, written out so that "everyone" is no condition at all for the planner. */
const audienceOf = (a: Audience) =>
  a.audience_all
    ? sql`true`
    : sql`(EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = m.company_id AND tm.user_id = m.user_id AND tm.team_id = ANY (${pgArray(a.audience_team_ids)}::uuid[]))
  OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = m.company_id AND e.user_id = m.user_id AND e.department_id = ANY (${pgArray(a.audience_department_ids)}::uuid[])))`;

/** The person's record that counts (at most one row: the unique partial index). */
export const currentRecord = (typeId: SQL) => sql`LEFT JOIN certification_records rec
  ON rec.company_id = m.company_id AND rec.type_id = ${typeId} AND rec.user_id = m.user_id AND rec.is_current`;

/** Expired before today; expiring from today to today + 30 days (both included); valid after that. */
const statusOf = (today: string) => sql`CASE WHEN rec.id IS NULL THEN 'missing'
  WHEN rec.expires_on < ${today}::date THEN 'expired'
  WHEN rec.expires_on <= ${today}::date + ${EXPIRING_WITHIN_DAYS}::int THEN 'expiring'
  ELSE 'valid' END`;

export interface RecordCols {
  record_id: string | null;
  issued_on: string | null;
  expires_on: string | null;
  evidence_name: string | null;
  evidence_content_type: string | null;
  evidence_size: number | null;
  recorded_at: Date | string | null;
}
export const REC_COLS = sql`rec.id AS record_id, to_char(rec.issued_on, 'YYYY-MM-DD') AS issued_on,
  to_char(rec.expires_on, 'YYYY-MM-DD') AS expires_on, rec.evidence_name, rec.evidence_content_type,
  rec.evidence_size, rec.created_at AS recorded_at`;

export interface HolderRow extends RecordCols {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  sort_name: string;
  status: 'missing' | 'expiring' | 'expired' | 'valid';
}

/** Everyone who needs a type, with where each stands, as a CTE the listing and its count share. */
const holders = (
  companyId: string,
  type: TypeRow,
  today: string,
) => sql`SELECT m.id AS membership_id, m.user_id, u.first_name, u.last_name,
    u.email, m.sort_name, ${statusOf(today)} AS status, ${REC_COLS}
  FROM memberships m
  JOIN users u ON u.id = m.user_id
  ${currentRecord(sql`${type.id}::uuid`)}
  WHERE m.company_id = ${companyId} AND m.enabled AND ${audienceOf(type)} AND ${employedOn(today)}`;

const holdersWhere = (q: Omit<CertificationHoldersQuery, 'page' | 'itemsPerPage'>, companyId: string) => {
  const parts: SQL[] = [sql`true`];
  if (q.status) parts.push(sql`h.status = ${q.status}`);
  if (q.search)
    // Three letters or more reach member_search's trigram index of the company (decision 007), as the
    // member listing and the day board do: name and email; shorter ones scan the audience.
    parts.push(
      /[\p{L}\p{N}]{3}/u.test(q.search)
        ? sql`h.membership_id IN (SELECT member_search_ids(${companyId}::uuid, ${containsPattern(q.search)}))`
        : sql`(lower(h.sort_name) LIKE ${containsPattern(q.search)} OR lower(h.email) LIKE ${containsPattern(q.search)})`,
    );
  if (q.teamUuid)
    parts.push(
      sql`EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.team_id = ${q.teamUuid} AND tm.user_id = h.user_id)`,
    );
  if (q.departmentUuid)
    parts.push(
      sql`EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.department_id = ${q.departmentUuid} AND e.user_id = h.user_id)`,
    );
  return and(parts);
};

export async function holdersPage(
  tx: Tx,
  companyId: string,
  type: TypeRow,
  today: string,
  q: CertificationHoldersQuery,
  withCount: boolean,
) {
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const key = q.sort === 'expiresOn' ? sql`h.expires_on ${dir} NULLS LAST` : sql`h.sort_name ${dir}`;
  // The total, when wanted, from a window count over the same rows: one pass over the audience, not two.
  const data = await rows<HolderRow & { total_items?: number }>(
    tx,
    sql`WITH h AS (${holders(companyId, type, today)})
        SELECT *${withCount ? sql`, count(*) OVER ()::int AS total_items` : sql``}
          FROM h WHERE ${holdersWhere(q, companyId)} ORDER BY ${key}, h.user_id ${dir}
        LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  if (!withCount) return { data, totalItems: 0 };
  if (data.length > 0 || q.page === 1) return { data, totalItems: data[0]?.total_items ?? 0 };
  // A page past the end holds no row to carry the total: count them.
  const [c] = await rows<{ n: number }>(
    tx,
    sql`WITH h AS (${holders(companyId, type, today)}) SELECT count(*)::int AS n FROM h WHERE ${holdersWhere(q, companyId)}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

export const pgArray = (ids: string[]) => `{${ids.join(',')}}`;

export async function listTypes(tx: Tx, companyId: string, q: CertificationTypeListQuery) {
  const parts: SQL[] = [sql`ct.company_id = ${companyId}`];
  if (q.search)
    parts.push(
      sql`(lower(ct.name) LIKE ${containsPattern(q.search)} OR lower(ct.description) LIKE ${containsPattern(q.search)})`,
    );
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const key = q.sort === 'createdAt' ? sql`ct.created_at` : sql`lower(ct.name)`;
  const data = await rows<TypeRow>(
    tx,
    sql`SELECT ${TYPE_COLS} FROM certification_types ct WHERE ${and(parts)} ORDER BY ${key} ${dir}, ct.id ${dir}
        LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const [c] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM certification_types ct WHERE ${and(parts)}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

/**
 * The dashboard's backlog: the company's first `limit` types by name, each with the company's today
 * (one statement; no types, no row).
 */
export function backlogTypes(tx: Tx, companyId: string, limit: number) {
  return rows<TypeRow & { today: string }>(
    tx,
    sql`SELECT ${TYPE_COLS}, to_char((now() AT TIME ZONE c.time_zone)::date, 'YYYY-MM-DD') AS today
          FROM certification_types ct JOIN companies c ON c.id = ct.company_id
         WHERE ct.company_id = ${companyId} ORDER BY lower(ct.name), ct.id LIMIT ${intLiteral(limit)}`,
  );
}

export async function findType(tx: Tx, companyId: string, id: string, lock = false) {
  const [row] = await rows<TypeRow>(
    tx,
    sql`SELECT ${TYPE_COLS} FROM certification_types ct WHERE ct.company_id = ${companyId} AND ct.id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

export async function nameTaken(tx: Tx, companyId: string, name: string, exceptId: string | null) {
  const [row] = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM certification_types WHERE company_id = ${companyId} AND lower(name) = lower(${name})
          ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return !!row;
}

export interface TypeValues {
  name: string;
  description: string;
  validityMonths: number;
  remindDaysBefore: number;
  audienceAll: boolean;
  audienceTeamIds: string[];
  audienceDepartmentIds: string[];
}

export async function insertType(tx: Tx, companyId: string, values: TypeValues) {
  const [row] = await tx
    .insert(certificationTypes)
    .values({ companyId, ...values })
    .returning({ id: certificationTypes.id });
  return row!.id;
}

export async function updateType(tx: Tx, companyId: string, id: string, version: number, values: TypeValues) {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`UPDATE certification_types SET name = ${values.name}, description = ${values.description},
          validity_months = ${values.validityMonths}, remind_days_before = ${values.remindDaysBefore},
          audience_all = ${values.audienceAll}, audience_team_ids = ${pgArray(values.audienceTeamIds)}::uuid[],
          audience_department_ids = ${pgArray(values.audienceDepartmentIds)}::uuid[],
          version = version + 1, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${id} AND version = ${version} RETURNING id`,
  );
  return !!row;
}

export async function removeType(tx: Tx, companyId: string, id: string) {
  await tx.execute(sql`DELETE FROM certification_types WHERE company_id = ${companyId} AND id = ${id}`);
}

/** Whether the teams and departments a body names are all this company's. */
export async function refsFound(tx: Tx, companyId: string, refs: { teams: string[]; departments: string[] }) {
  const [row] = await rows<{ teams: number; departments: number }>(
    tx,
    sql`SELECT
          (SELECT count(*)::int FROM teams WHERE company_id = ${companyId} AND id = ANY (${pgArray(refs.teams)}::uuid[])) AS teams,
          (SELECT count(*)::int FROM departments WHERE company_id = ${companyId} AND id = ANY (${pgArray(refs.departments)}::uuid[])) AS departments`,
  );
  return row!;
}

/** Whether this person is an active member of the company (a foreign or unknown id is simply not one). */
export async function isMember(tx: Tx, companyId: string, userId: string) {
  const [row] = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId} AND enabled`,
  );
  return !!row;
}

export interface RecordValues {
  typeId: string;
  userId: string;
  issuedOn: string;
  expiresOn: string;
  evidence: Buffer | null;
  evidenceName: string | null;
  evidenceContentType: string | null;
  evidenceSize: number | null;
  recordedBy: string | null;
  /** `pending` for a member's own upload (decision 019); admins' records count at once. */
  status?: 'approved' | 'pending';
}

export async function insertRecord(tx: Tx, companyId: string, values: RecordValues) {
  const [row] = await tx
    .insert(certificationRecords)
    .values({ companyId, ...values })
    .returning({ id: certificationRecords.id, createdAt: certificationRecords.createdAt });
  return row!;
}

/** The per-person lock certification_refresh_current takes, held to commit (taking it twice is fine). */
export async function lockPerson(tx: Tx, typeId: string, userId: string) {
  await lockUntilCommit(tx, 'certification', typeId, userId);
}

/** After a person's record was added or removed: the one that expires last becomes current. */
export async function refreshCurrent(tx: Tx, companyId: string, typeId: string, userId: string) {
  await tx.execute(sql`SELECT certification_refresh_current(${companyId}::uuid, ${typeId}::uuid, ${userId}::uuid)`);
}

export interface RecordRow {
  id: string;
  type_id: string;
  user_id: string;
  issued_on: string;
  expires_on: string;
  evidence_name: string | null;
  evidence_content_type: string | null;
  evidence_size: number | null;
  created_at: Date | string;
  status: 'approved' | 'pending' | 'rejected';
}

export async function findRecord(tx: Tx, companyId: string, id: string, userId?: string) {
  const [row] = await rows<RecordRow>(
    tx,
    sql`SELECT id, type_id, user_id, to_char(issued_on, 'YYYY-MM-DD') AS issued_on,
          to_char(expires_on, 'YYYY-MM-DD') AS expires_on, evidence_name, evidence_content_type, evidence_size, created_at,
          status
        FROM certification_records WHERE company_id = ${companyId} AND id = ${id}
          ${userId ? sql`AND user_id = ${userId}` : sql``}`,
  );
  return row ?? null;
}

/** The evidence bytes of a record (read only for a download). */
export async function evidenceOf(tx: Tx, companyId: string, id: string, userId?: string) {
  const [row] = await rows<{ evidence: Buffer | Uint8Array | null; name: string | null; type: string | null }>(
    tx,
    sql`SELECT evidence, evidence_name AS name, evidence_content_type AS type FROM certification_records
        WHERE company_id = ${companyId} AND id = ${id} ${userId ? sql`AND user_id = ${userId}` : sql``}`,
  );
  if (!row?.evidence || !row.type) return null;
  return { data: Buffer.from(row.evidence), name: row.name ?? 'evidence', contentType: row.type };
}

export async function removeRecord(tx: Tx, companyId: string, id: string) {
  await tx.execute(sql`DELETE FROM certification_records WHERE company_id = ${companyId} AND id = ${id}`);
}

export interface MineRow extends RecordCols, TypeRow {
  status: 'missing' | 'expiring' | 'expired' | 'valid';
  sub_id: string | null;
  sub_status: 'pending' | 'rejected' | null;
  sub_issued_on: string | null;
  sub_expires_on: string | null;
  sub_evidence_name: string | null;
  sub_evidence_content_type: string | null;
  sub_evidence_size: number | null;
  sub_created_at: Date | string | null;
  sub_reason: string | null;
}

/** The types whose audience holds this person, with their record that counts. */
export function mine(tx: Tx, companyId: string, userId: string, today: string) {
  return rows<MineRow>(
    tx,
    sql`SELECT ${TYPE_COLS}, ${statusOf(today)} AS status, ${REC_COLS},
          sub.id AS sub_id, sub.status AS sub_status, to_char(sub.issued_on, 'YYYY-MM-DD') AS sub_issued_on,
          to_char(sub.expires_on, 'YYYY-MM-DD') AS sub_expires_on, sub.evidence_name AS sub_evidence_name,
          sub.evidence_content_type AS sub_evidence_content_type, sub.evidence_size AS sub_evidence_size,
          sub.created_at AS sub_created_at, sub.review_note AS sub_reason
        FROM certification_types ct
        JOIN memberships m ON m.company_id = ct.company_id AND m.user_id = ${userId} AND m.enabled
        ${currentRecord(sql`ct.id`)}
        LEFT JOIN LATERAL (SELECT s.id, s.status, s.issued_on, s.expires_on, s.evidence_name, s.evidence_content_type,
            s.evidence_size, s.created_at, s.review_note
          FROM certification_records s
          WHERE s.company_id = ct.company_id AND s.type_id = ct.id AND s.user_id = ${userId} AND s.status <> 'approved'
            AND (rec.id IS NULL OR s.created_at > rec.created_at)
          ORDER BY s.created_at DESC, s.id DESC LIMIT 1) sub ON true
        WHERE ct.company_id = ${companyId} AND ${inAudience}
        ORDER BY CASE ${statusOf(today)} WHEN 'expired' THEN 0 WHEN 'missing' THEN 1 WHEN 'expiring' THEN 2 ELSE 3 END,
          rec.expires_on NULLS FIRST, lower(ct.name), ct.id
        LIMIT 200`,
  );
}
