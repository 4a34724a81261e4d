import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { and, containsPattern, rows, intLiteral } from '../../db/sql';
import { inAudience, REC_COLS, type RecordCols } from './certifications.repository';

/** Members' own uploads waiting for review (decision 019): the queue, the checks and the decision. */

/** Whether this person is in the type's audience (an active member the type applies to). */
export async function needsType(tx: Tx, companyId: string, typeId: string, userId: string) {
  const [row] = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM certification_types ct
        JOIN memberships m ON m.company_id = ct.company_id AND m.user_id = ${userId} AND m.enabled
        WHERE ct.company_id = ${companyId} AND ct.id = ${typeId} AND ${inAudience}`,
  );
  return !!row;
}

/** Whether the person already has an upload of this type waiting for review. */
export async function hasPending(tx: Tx, companyId: string, typeId: string, userId: string) {
  const [row] = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM certification_records
        WHERE company_id = ${companyId} AND type_id = ${typeId} AND user_id = ${userId} AND status = 'pending' LIMIT 1`,
  );
  return !!row;
}

export interface PendingRow extends RecordCols {
  type_id: string;
  type_name: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** Submissions waiting for an admin, oldest first (the partial index on pending rows), paged with their count. */
export async function pendingPage(
  tx: Tx,
  companyId: string,
  q: { page: number; itemsPerPage: number; search?: string; order: 'asc' | 'desc' },
) {
  const parts: SQL[] = [sql`rec.company_id = ${companyId}`, sql`rec.status = 'pending'`];
  if (q.search)
    parts.push(
      sql`(lower(u.first_name || ' ' || u.last_name) LIKE ${containsPattern(q.search)} OR lower(u.email) LIKE ${containsPattern(q.search)}
        OR lower(ct.name) LIKE ${containsPattern(q.search)})`,
    );
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const from = sql`certification_records rec
    JOIN certification_types ct ON ct.company_id = rec.company_id AND ct.id = rec.type_id
    JOIN users u ON u.id = rec.user_id`;
  const data = await rows<PendingRow>(
    tx,
    sql`SELECT ${REC_COLS}, rec.type_id, ct.name AS type_name, rec.user_id, u.first_name, u.last_name, u.email
        FROM ${from} WHERE ${and(parts)} ORDER BY rec.created_at ${dir}, rec.id ${dir}
        LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${from} WHERE ${and(parts)}`);
  return { data, totalItems: c?.n ?? 0 };
}

/** How many submissions wait for an admin (the partial index on pending rows): the dashboard's figure. */
export async function pendingCount(tx: Tx, companyId: string) {
  const [c] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM certification_records WHERE company_id = ${companyId} AND status = 'pending'`,
  );
  return c?.n ?? 0;
}

/** Approves or rejects a pending submission; false when it is no longer pending (someone else reviewed it). */
export async function review(
  tx: Tx,
  companyId: string,
  id: string,
  decision: { status: 'approved' | 'rejected'; by: string | null; note: string | null },
) {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`UPDATE certification_records SET status = ${decision.status}, reviewed_by = ${decision.by},
          reviewed_at = now(), review_note = ${decision.note}
        WHERE company_id = ${companyId} AND id = ${id} AND status = 'pending' RETURNING id`,
  );
  return !!row;
}

export interface UploadMailTarget {
  email: string;
  language: string | null;
  uploader_first_name: string;
  uploader_last_name: string;
  type_name: string;
  issued_on: string;
  sub_domain: string;
}

/** The admins to mail about an upload, with what they read; none once the upload is no longer pending. */
export function uploadMailTargets(tx: Tx, companyId: string, recordId: string, userIds: string[]) {
  if (!userIds.length) return Promise.resolve([] as UploadMailTarget[]);
  return rows<UploadMailTarget>(
    tx,
    sql`SELECT x.email, x.language, u.first_name AS uploader_first_name, u.last_name AS uploader_last_name,
          ct.name AS type_name, to_char(rec.issued_on, 'YYYY-MM-DD') AS issued_on, c.sub_domain
          FROM certification_records rec
          JOIN users u ON u.id = rec.user_id
          JOIN certification_types ct ON ct.company_id = rec.company_id AND ct.id = rec.type_id
          JOIN companies c ON c.id = rec.company_id
          JOIN memberships m ON m.company_id = rec.company_id AND m.enabled
          JOIN users x ON x.id = m.user_id
         WHERE rec.company_id = ${companyId} AND rec.id = ${recordId} AND rec.status = 'pending'
           AND m.user_id IN (${sql.join(
             userIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
  );
}
