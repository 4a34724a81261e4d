import {
  type CertificationHoldersQuery,
  type CertificationTypeListQuery,
  EXPIRING_WITHIN_DAYS,
} from '@wac/shared/schemas/certifications';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificationRecords, certificationTypes } from '../../db/schema/index';
import { and, containsPattern, rows } from '../../db/sql';

/**
 * Certification types and records. Every statement names the company as well: row-level security
 * is the second lock, not the only one. Where a person stands is computed when read, from the
 * record that expires last (one index probe per person on certification_records_holder_idx), and
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

const TYPE_COLS = sql`ct.id, ct.name, ct.description, ct.validity_months, ct.remind_days_before, ct.audience_all,
  ct.audience_team_ids::text[] AS audience_team_ids, ct.audience_department_ids::text[] AS audience_department_ids,
  ct.created_at, ct.version`;

/** Whether member `m` is in type `ct`'s audience: everyone, or a member of one of its teams or departments. */
const inAudience = sql`(ct.audience_all
  OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = m.company_id AND tm.user_id = m.user_id AND tm.team_id = ANY (ct.audience_team_ids))
  OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = m.company_id AND e.user_id = m.user_id AND e.department_id = ANY (ct.audience_department_ids)))`;

/** The person's record that counts: the one that expires last. */
const latestRecord = sql`LEFT JOIN LATERAL (
    SELECT r.id AS record_id, r.issued_on, r.expires_on, r.evidence_name, r.evidence_content_type, r.evidence_size,
      r.created_at AS recorded_at
    FROM certification_records r
    WHERE r.company_id = ct.company_id AND r.type_id = ct.id AND r.user_id = m.user_id
    ORDER BY r.expires_on DESC, r.created_at DESC LIMIT 1) rec ON true`;

/** Expired before today; expiring from today to today + 30 days (both included); valid after that. */
const statusOf = (today: string) => sql`CASE WHEN rec.record_id IS NULL THEN 'missing'
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
const REC_COLS = sql`rec.record_id, to_char(rec.issued_on, 'YYYY-MM-DD') AS issued_on,
  to_char(rec.expires_on, 'YYYY-MM-DD') AS expires_on, rec.evidence_name, rec.evidence_content_type,
  rec.evidence_size, rec.recorded_at`;

export interface HolderRow extends RecordCols {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  sort_name: string;
  status: 'missing' | 'expiring' | 'expired' | 'valid';
}

/** Everyone who needs a type, with where each stands, as a CTE the listing and the counts share. */
const holders = (companyId: string, typeId: string, today: string) => sql`SELECT m.user_id, u.first_name, u.last_name,
    u.email, m.sort_name, ${statusOf(today)} AS status, ${REC_COLS}
  FROM certification_types ct
  JOIN memberships m ON m.company_id = ct.company_id AND m.enabled
  JOIN users u ON u.id = m.user_id
  ${latestRecord}
  WHERE ct.company_id = ${companyId} AND ct.id = ${typeId} AND ${inAudience}`;

const holdersWhere = (q: Omit<CertificationHoldersQuery, 'page' | 'itemsPerPage'>, companyId: string) => {
  const parts: SQL[] = [sql`true`];
  if (q.status) parts.push(sql`h.status = ${q.status}`);
  if (q.search)
    parts.push(
      sql`(lower(h.sort_name) LIKE ${containsPattern(q.search)} OR lower(h.email) LIKE ${containsPattern(q.search)})`,
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
  typeId: string,
  today: string,
  q: CertificationHoldersQuery,
  withCount: boolean,
) {
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const key = q.sort === 'expiresOn' ? sql`h.expires_on ${dir} NULLS LAST` : sql`h.sort_name ${dir}`;
  const data = await rows<HolderRow>(
    tx,
    sql`WITH h AS (${holders(companyId, typeId, today)})
        SELECT * FROM h WHERE ${holdersWhere(q, companyId)} ORDER BY ${key}, h.user_id ${dir}
        LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage}`,
  );
  if (!withCount) return { data, totalItems: 0 };
  const [c] = await rows<{ n: number }>(
    tx,
    sql`WITH h AS (${holders(companyId, typeId, today)}) SELECT count(*)::int AS n FROM h WHERE ${holdersWhere(q, companyId)}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

export interface CountsRow {
  type_id: string;
  assigned: number;
  valid: number;
  expiring: number;
  expired: number;
  missing: number;
}

/** Assigned / valid / expiring / expired / missing of several types at once (one listing page). */
export function counts(tx: Tx, companyId: string, typeIds: string[], today: string) {
  if (typeIds.length === 0) return Promise.resolve([] as CountsRow[]);
  return rows<CountsRow>(
    tx,
    sql`SELECT ct.id AS type_id, count(m.user_id)::int AS assigned,
          count(*) FILTER (WHERE m.user_id IS NOT NULL AND ${statusOf(today)} = 'valid')::int AS valid,
          count(*) FILTER (WHERE m.user_id IS NOT NULL AND ${statusOf(today)} = 'expiring')::int AS expiring,
          count(*) FILTER (WHERE m.user_id IS NOT NULL AND ${statusOf(today)} = 'expired')::int AS expired,
          count(*) FILTER (WHERE m.user_id IS NOT NULL AND ${statusOf(today)} = 'missing')::int AS missing
        FROM certification_types ct
        LEFT JOIN memberships m ON m.company_id = ct.company_id AND m.enabled AND ${inAudience}
        ${latestRecord}
        WHERE ct.company_id = ${companyId} AND ct.id = ANY (${pgArray(typeIds)}::uuid[])
        GROUP BY ct.id`,
  );
}

const pgArray = (ids: string[]) => `{${ids.join(',')}}`;

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
        LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage}`,
  );
  const [c] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM certification_types ct WHERE ${and(parts)}`,
  );
  return { data, totalItems: c?.n ?? 0 };
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
}

export async function insertRecord(tx: Tx, companyId: string, values: RecordValues) {
  const [row] = await tx
    .insert(certificationRecords)
    .values({ companyId, ...values })
    .returning({ id: certificationRecords.id, createdAt: certificationRecords.createdAt });
  return row!;
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
}

export async function findRecord(tx: Tx, companyId: string, id: string, userId?: string) {
  const [row] = await rows<RecordRow>(
    tx,
    sql`SELECT id, type_id, user_id, to_char(issued_on, 'YYYY-MM-DD') AS issued_on,
          to_char(expires_on, 'YYYY-MM-DD') AS expires_on, evidence_name, evidence_content_type, evidence_size, created_at
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
}

/** The types whose audience holds this person, with their record that counts. */
export function mine(tx: Tx, companyId: string, userId: string, today: string) {
  return rows<MineRow>(
    tx,
    sql`SELECT ${TYPE_COLS}, ${statusOf(today)} AS status, ${REC_COLS}
        FROM certification_types ct
        JOIN memberships m ON m.company_id = ct.company_id AND m.user_id = ${userId} AND m.enabled
        ${latestRecord}
        WHERE ct.company_id = ${companyId} AND ${inAudience}
        ORDER BY CASE ${statusOf(today)} WHEN 'expired' THEN 0 WHEN 'missing' THEN 1 WHEN 'expiring' THEN 2 ELSE 3 END,
          rec.expires_on NULLS FIRST, lower(ct.name), ct.id
        LIMIT 200`,
  );
}

/**
 * People to remind today: in a type's audience with its certification missing, expired, or
 * expiring within that type's own reminder window (one row per person).
 */
export function peopleToRemind(tx: Tx, companyId: string, today: string) {
  return rows<{ user_id: string }>(
    tx,
    sql`SELECT DISTINCT m.user_id
        FROM certification_types ct
        JOIN memberships m ON m.company_id = ct.company_id AND m.enabled
        ${latestRecord}
        WHERE ct.company_id = ${companyId} AND ${inAudience}
          AND (rec.record_id IS NULL OR rec.expires_on <= ${today}::date + ct.remind_days_before)
        ORDER BY m.user_id`,
  );
}

/** What one person's reminder says at sending time: their address and language, and each certification to renew. */
export async function reminderFor(tx: Tx, companyId: string, userId: string, today: string) {
  const [person] = await rows<{
    email: string;
    first_name: string;
    language: string | null;
    sub_domain: string;
    company: string;
  }>(
    tx,
    sql`SELECT u.email, u.first_name, u.language, c.sub_domain, c.name AS company
        FROM memberships m JOIN users u ON u.id = m.user_id JOIN companies c ON c.id = m.company_id
        WHERE m.company_id = ${companyId} AND m.user_id = ${userId} AND m.enabled`,
  );
  if (!person) return null;
  const items = await rows<{ name: string; expires_on: string | null }>(
    tx,
    sql`SELECT ct.name, to_char(rec.expires_on, 'YYYY-MM-DD') AS expires_on
        FROM certification_types ct
        JOIN memberships m ON m.company_id = ct.company_id AND m.user_id = ${userId} AND m.enabled
        ${latestRecord}
        WHERE ct.company_id = ${companyId} AND ${inAudience}
          AND (rec.record_id IS NULL OR rec.expires_on <= ${today}::date + ct.remind_days_before)
        ORDER BY rec.expires_on NULLS FIRST, lower(ct.name)`,
  );
  return { person, items };
}
