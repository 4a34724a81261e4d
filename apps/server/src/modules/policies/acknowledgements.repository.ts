import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { policyAcknowledgements } from '../../db/schema/index';
import { afterKeyset, and, type KeysetCursor, rows, intLiteral } from '../../db/sql';

/**
 * Where one person stands with their policies: the audience, the acknowledgement that counts, the
 * due date, computed from `policies.ack_number` when read. A policy's whole audience is read from
 * `policy_assignees` and its counters instead (tracking.repository.ts); the statement below over
 * every member is kept as their reference (tracking-reference.repository.ts).
 */

/** Whether a person is in a policy's audience: everyone, or a member of one of its teams or departments. */
export const inAudience = sql`(p.audience_all
  OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = m.company_id AND tm.user_id = m.user_id AND tm.team_id = ANY (p.audience_team_ids))
  OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = m.company_id AND e.user_id = m.user_id AND e.department_id = ANY (p.audience_department_ids)))`;

/**
 * Whether the person's employment has not ended before the company's today (an end date is the last
 * day worked): an ended employment leaves every audience, as `policy_assignees` does (migration 0041).
 */
export const employedToday = sql`NOT EXISTS (SELECT 1 FROM employees e_end JOIN companies c_end ON c_end.id = e_end.company_id
  WHERE e_end.company_id = m.company_id AND e_end.user_id = m.user_id AND e_end.end_date < (now() AT TIME ZONE c_end.time_zone)::date)`;
/** In the audience and still employed: assigned the policy now. */
export const assignedNow = sql`${inAudience} AND ${employedToday}`;

/** A person's latest acknowledgement that still counts (of the version to acknowledge or a later one). */
export const latestAck = sql`LEFT JOIN LATERAL (
    SELECT a.id AS ack_id, a.version_number AS ack_number_done, a.acknowledged_at FROM policy_acknowledgements a
    WHERE a.company_id = p.company_id AND a.policy_id = p.id AND a.user_id = m.user_id AND a.version_number >= p.ack_number
    ORDER BY a.version_number DESC LIMIT 1) ack ON true`;
/** Due: the days allowed, from publication of the version to acknowledge or from joining, whichever is later. */
export const dueAt = sql`(greatest(p.ack_published_at, m.created_at) + make_interval(days => p.due_days))`;
export const statusOf = sql`CASE WHEN ack.ack_id IS NOT NULL THEN 'acknowledged' WHEN now() > ${dueAt} THEN 'overdue' ELSE 'outstanding' END`;

export interface MyPolicyRow {
  id: string;
  title: string;
  category: string;
  number: number;
  version_id: string;
  body_kind: 'text' | 'pdf';
  published_at: Date | string;
  status: 'acknowledged' | 'outstanding' | 'overdue';
  due_at: Date | string | null;
  acknowledged_at: Date | string | null;
}

/** The published, not archived policies whose audience holds this person. */
export function mine(tx: Tx, companyId: string, userId: string, policyId?: string) {
  return rows<MyPolicyRow>(
    tx,
    sql`SELECT p.id, p.title, p.category, v.number, v.id AS version_id, v.body_kind, v.published_at,
          ${statusOf} AS status, ${dueAt} AS due_at, ack.acknowledged_at
        FROM policies p
        JOIN memberships m ON m.company_id = p.company_id AND m.user_id = ${userId} AND m.enabled
        JOIN policy_versions v ON v.company_id = p.company_id AND v.id = p.current_version_id
        ${latestAck}
        WHERE p.company_id = ${companyId} AND p.archived_at IS NULL AND p.ack_number IS NOT NULL AND ${assignedNow}
          ${policyId ? sql`AND p.id = ${policyId}` : sql``}
        ORDER BY CASE WHEN ack.ack_id IS NULL THEN 0 ELSE 1 END, ${dueAt}, p.title, p.id
        LIMIT 200`,
  );
}

/** Whether this person has acknowledged this version number already. */
export async function hasAcknowledged(tx: Tx, companyId: string, policyId: string, userId: string, number: number) {
  const [row] = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM policy_acknowledgements WHERE company_id = ${companyId} AND policy_id = ${policyId}
          AND user_id = ${userId} AND version_number = ${number}`,
  );
  return !!row;
}

export async function insertAcknowledgement(
  tx: Tx,
  values: {
    companyId: string;
    policyId: string;
    versionId: string;
    versionNumber: number;
    userId: string;
    contentSha256: string;
    ip: string | null;
    userAgent: string | null;
  },
) {
  const [row] = await tx
    .insert(policyAcknowledgements)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: policyAcknowledgements.id, acknowledgedAt: policyAcknowledgements.acknowledgedAt });
  return row ?? null;
}

/** People with policies to acknowledge due within `days` or overdue (one row per person), for the reminder scan. */
export function dueSoonPeople(tx: Tx, companyId: string, days: number) {
  return rows<{ user_id: string }>(
    tx,
    sql`SELECT DISTINCT m.user_id
        FROM policies p
        JOIN memberships m ON m.company_id = p.company_id AND m.enabled
        ${latestAck}
        WHERE p.company_id = ${companyId} AND p.archived_at IS NULL AND p.ack_number IS NOT NULL AND ${assignedNow}
          AND ack.ack_id IS NULL AND ${dueAt} <= now() + make_interval(days => ${days})
        ORDER BY m.user_id`,
  );
}

/** What one person's reminder says at sending time: their address and language, and what is still due soon or overdue. */
export async function reminderFor(tx: Tx, companyId: string, userId: string, days: number) {
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
  const items = await rows<{ title: string; due_at: Date | string; status: string }>(
    tx,
    sql`SELECT p.title, ${dueAt} AS due_at, ${statusOf} AS status
        FROM policies p
        JOIN memberships m ON m.company_id = p.company_id AND m.user_id = ${userId} AND m.enabled
        ${latestAck}
        WHERE p.company_id = ${companyId} AND p.archived_at IS NULL AND p.ack_number IS NOT NULL AND ${assignedNow}
          AND ack.ack_id IS NULL AND ${dueAt} <= now() + make_interval(days => ${days})
        ORDER BY ${dueAt}, p.title`,
  );
  return { person, items };
}

/** Whether this person is in the policy's audience, whatever the policy's state. */
export async function wasAssigned(tx: Tx, companyId: string, policyId: string, userId: string) {
  const [row] = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM policies p JOIN memberships m ON m.company_id = p.company_id AND m.user_id = ${userId}
        WHERE p.company_id = ${companyId} AND p.id = ${policyId} AND ${inAudience}`,
  );
  return !!row;
}

export interface AckExportRow {
  id: string;
  acknowledged_at: Date | string;
  version_number: number;
  content_sha256: string;
  ip: string | null;
  user_agent: string | null;
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  k: string;
}

/** Every acknowledgement of a policy in a date range, in keyset batches by time (evidence export). */
export function acknowledgementsBatch(
  tx: Tx,
  companyId: string,
  policyId: string,
  range: { from?: string; to?: string },
  cursor: KeysetCursor | null,
  limit: number,
) {
  const parts: SQL[] = [sql`a.company_id = ${companyId}`, sql`a.policy_id = ${policyId}`];
  if (range.from) parts.push(sql`a.acknowledged_at >= ${range.from}::timestamptz`);
  if (range.to) parts.push(sql`a.acknowledged_at < ${range.to}::timestamptz`);
  const after = afterKeyset({ expr: sql`a.acknowledged_at`, type: sql`timestamptz` }, sql`a.id`, false, cursor);
  return rows<AckExportRow>(
    tx,
    sql`SELECT a.id, a.acknowledged_at, a.version_number, a.content_sha256, a.ip, a.user_agent, a.user_id,
          u.email, u.first_name, u.last_name, a.acknowledged_at::text AS k
        FROM policy_acknowledgements a LEFT JOIN users u ON u.id = a.user_id
        WHERE ${and(parts)}${after} ORDER BY a.acknowledged_at, a.id LIMIT ${intLiteral(limit)}`,
  );
}

/** How many acknowledgements each version of a policy has in a date range. */
export function acknowledgementCounts(
  tx: Tx,
  companyId: string,
  policyId: string,
  range: { from?: string; to?: string },
) {
  const parts: SQL[] = [sql`company_id = ${companyId}`, sql`policy_id = ${policyId}`];
  if (range.from) parts.push(sql`acknowledged_at >= ${range.from}::timestamptz`);
  if (range.to) parts.push(sql`acknowledged_at < ${range.to}::timestamptz`);
  return rows<{ version_number: number; n: number }>(
    tx,
    sql`SELECT version_number, count(*)::int AS n FROM policy_acknowledgements WHERE ${and(parts)} GROUP BY version_number ORDER BY version_number`,
  );
}
