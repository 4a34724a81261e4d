import { type SQL, sql } from 'drizzle-orm';
import { AUDIT_COUNT_CAP } from '@wac/shared/schemas/audit-log';
import type { Tx } from '../../db/client';
import { afterKeyset, and, countUpTo, type KeysetCursor, rows, intLiteral } from '../../lib/sql';

export interface AuditFilter {
  action?: string;
  actor?: string;
  targetType?: string;
  from?: string;
  to?: string;
  order: 'asc' | 'desc';
}

export interface AuditRow {
  id: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  created_at: Date | string;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  target_name: string | null;
  target_person: string | null;
}

function where(companyId: string, f: AuditFilter): SQL {
  const parts = [sql`a.company_id = ${companyId}`];
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.actor) parts.push(sql`a.actor_user_id = ${f.actor}`);
  if (f.targetType) parts.push(sql`a.target_type = ${f.targetType}`);
  if (f.from) parts.push(sql`a.created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`a.created_at < ${f.to}::timestamptz`);
  return and(parts);
}

const COLUMNS = sql`a.id, a.action, a.target_type, a.target_id, a.before, a.after, a.ip, a.user_agent, a.created_at,
  a.actor_user_id, u.email AS actor_email, u.first_name AS actor_first_name, u.last_name AS actor_last_name,
  CASE a.target_type
    WHEN 'user' THEN NULLIF(trim(tu.first_name || ' ' || tu.last_name), '')
    WHEN 'employee' THEN NULLIF(trim(tu.first_name || ' ' || tu.last_name), '')
    WHEN 'time_off_request' THEN NULLIF(trim(ru.first_name || ' ' || ru.last_name), '')
    WHEN 'team' THEN tt.name
    WHEN 'company' THEN tc.name
    WHEN 'invitation' THEN ti.email
    WHEN 'join_request' THEN NULLIF(trim(ju.first_name || ' ' || ju.last_name), '')
    WHEN 'policy' THEN tp.title
    WHEN 'department' THEN td.name
    WHEN 'certification' THEN cy.name
    WHEN 'job' THEN tjb.type
  END AS target_name,
  CASE a.target_type
    WHEN 'certification' THEN NULLIF(trim(cu.first_name || ' ' || cu.last_name), '')
    WHEN 'attendance_entry' THEN NULLIF(trim(eu.first_name || ' ' || eu.last_name), '')
  END AS target_person`;

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** The target's id as a uuid when the entry is about that kind of row (each join then uses its primary key). */
const targetOf = (...types: string[]) =>
  sql.raw(
    `CASE WHEN a.target_type IN (${types.map((type) => `'${type}'`).join(', ')}) AND a.target_id ~* '${UUID}' THEN a.target_id::uuid END`,
  );

/**
 * A certification entry's type or holder: the record's own, or, once the record is deleted, the id
 * its snapshot kept (every certification entry keeps the holder; a deletion, approval or rejection
 * the type's id, a recording or an upload the type's name). Still one lookup by primary key.
 */
const certificationKey = (recordColumn: string, snapshotKey: string) =>
  sql.raw(
    `CASE WHEN a.target_type = 'certification' THEN coalesce(${recordColumn}, CASE WHEN coalesce(a.after->>'${snapshotKey}', a.before->>'${snapshotKey}') ~* '${UUID}' THEN coalesce(a.after->>'${snapshotKey}', a.before->>'${snapshotKey}')::uuid END) END`,
  );

/**
 * The names of what entries are about, read when the log is read (a renamed team shows its new
 * name; a deleted one shows none, and the console names it from the entry's snapshot).
 */
const JOINS = sql`LEFT JOIN users u ON u.id = a.actor_user_id
  LEFT JOIN users tu ON tu.id = ${targetOf('user', 'employee')}
  LEFT JOIN teams tt ON tt.id = ${targetOf('team')}
  LEFT JOIN companies tc ON tc.id = ${targetOf('company')}
  LEFT JOIN invitations ti ON ti.id = ${targetOf('invitation')}
  LEFT JOIN join_requests tj ON tj.id = ${targetOf('join_request')}
  LEFT JOIN users ju ON ju.id = tj.user_id
  LEFT JOIN policies tp ON tp.id = ${targetOf('policy')}
  LEFT JOIN time_off_requests tr ON tr.id = ${targetOf('time_off_request')}
  LEFT JOIN users ru ON ru.id = tr.user_id
  LEFT JOIN departments td ON td.id = ${targetOf('department')}
  LEFT JOIN certification_records cr ON cr.id = ${targetOf('certification')}
  LEFT JOIN certification_types cy ON cy.id = ${certificationKey('cr.type_id', 'typeId')}
  LEFT JOIN users cu ON cu.id = ${certificationKey('cr.user_id', 'userId')}
  LEFT JOIN jobs tjb ON tjb.id = ${targetOf('job')}
  LEFT JOIN attendance_entries te ON te.id = ${targetOf('attendance_entry')}
  LEFT JOIN users eu ON eu.id = te.user_id`;

export async function list(tx: Tx, companyId: string, f: AuditFilter, page: number, itemsPerPage: number) {
  const dir = f.order === 'asc' ? sql`ASC` : sql`DESC`;
  const data = await rows<AuditRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM (SELECT a.id FROM audit_log a WHERE ${where(companyId, f)}
          ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT ${intLiteral(itemsPerPage)} OFFSET ${intLiteral((page - 1) * itemsPerPage)}) p
        JOIN audit_log a ON a.id = p.id ${JOINS}
        ORDER BY a.created_at ${dir}, a.id ${dir}`,
  );
  // Unfiltered, the company's count is its chain head's number (kept by the chaining trigger): no
  // count(*) over millions of rows per page.
  const unfiltered = !f.action && !f.actor && !f.targetType && !f.from && !f.to;
  if (unfiltered) {
    const [c] = await rows<{ n: number }>(
      tx,
      sql`SELECT coalesce((SELECT seq FROM audit_chain_head(${companyId})), 0)::int AS n`,
    );
    return { data, totalItems: c?.n ?? 0, totalIsLowerBound: false };
  }
  // Filtered, the matches are counted up to the cap: an action taken millions of times would
  // otherwise be counted row by row on every page (seconds at 10,000,000 rows).
  const { n, more } = await countUpTo(tx, sql`audit_log a WHERE ${where(companyId, f)}`, AUDIT_COUNT_CAP);
  return { data, totalItems: n, totalIsLowerBound: more };
}

export type AuditCursor = KeysetCursor;

export function batch(tx: Tx, companyId: string, f: AuditFilter, cursor: AuditCursor | null, limit: number) {
  const desc = f.order !== 'asc';
  const after = afterKeyset({ expr: sql`a.created_at`, type: sql`timestamptz` }, sql`a.id`, desc, cursor);
  const dir = desc ? sql`DESC` : sql`ASC`;
  return rows<AuditRow & { k: string }>(
    tx,
    sql`SELECT ${COLUMNS}, a.created_at::text AS k FROM audit_log a ${JOINS}
         WHERE ${where(companyId, f)}${after} ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT ${intLiteral(limit)}`,
  );
}

export interface ChainRow {
  id: string;
  seq: number | string | null;
  prev_hash: string | null;
  hash: string | null;
  expected: string;
  action: string;
  created_at: Date | string;
}

/**
 * A batch of a company's audit chain in order, each row with the hash recomputed from its stored
 * content (audit_row_hash, migration 0009) next to the hash it carries.
 */
export function chainBatch(tx: Tx, companyId: string, afterSeq: number, limit: number) {
  return rows<ChainRow>(
    tx,
    sql`SELECT a.id, a.seq, a.prev_hash, a.hash, a.action, a.created_at,
          audit_row_hash(a.company_id, a.seq, a.prev_hash, a.actor_user_id, a.action, a.target_type, a.target_id,
            a.before, a.after, a.ip, a.user_agent, a.created_at) AS expected
        FROM audit_log a WHERE a.company_id = ${companyId} AND a.seq > ${afterSeq}
        ORDER BY a.seq LIMIT ${intLiteral(limit)}`,
  );
}

/** Rows of the company that carry no place in the chain (inserted around the trigger). */
export async function unchained(tx: Tx, companyId: string) {
  const [row] = await rows<{ id: string; action: string; created_at: Date | string }>(
    tx,
    sql`SELECT a.id, a.action, a.created_at FROM audit_log a WHERE a.company_id = ${companyId} AND a.seq IS NULL LIMIT 1`,
  );
  return row ?? null;
}

/** The chain's head: the last row's number and hash as the chaining trigger left them. */
export async function chainHead(tx: Tx, companyId: string) {
  const [row] = await rows<{ seq: number | string; hash: string }>(
    tx,
    sql`SELECT seq, hash FROM audit_chain_head(${companyId})`,
  );
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: '' };
}

/** Companies with an audit chain, for the command that verifies them all. */
export function companiesWithChains(tx: Tx) {
  return rows<{ id: string; sub_domain: string }>(tx, sql`SELECT id, sub_domain FROM companies ORDER BY sub_domain`);
}

/** The audit trail of one object in chain order, with each row's place in the chain (for evidence exports). */
export function trailOf(
  tx: Tx,
  companyId: string,
  f: { targetType: string; targetId: string; from?: string; to?: string },
  limit: number,
) {
  const parts = [
    sql`a.company_id = ${companyId}`,
    sql`a.target_type = ${f.targetType}`,
    sql`a.target_id = ${f.targetId}`,
  ];
  if (f.from) parts.push(sql`a.created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`a.created_at < ${f.to}::timestamptz`);
  return rows<AuditRow & { seq: number | string; prev_hash: string; hash: string }>(
    tx,
    sql`SELECT ${COLUMNS}, a.seq, a.prev_hash, a.hash FROM audit_log a ${JOINS} WHERE ${and(parts)} ORDER BY a.seq LIMIT ${intLiteral(limit)}`,
  );
}
