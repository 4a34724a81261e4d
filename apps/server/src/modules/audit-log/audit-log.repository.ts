import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { afterKeyset, and, type KeysetCursor, rows } from '../../lib/sql';

export interface AuditFilter {
  action?: string;
  actor?: string;
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
}

function where(companyId: string, f: AuditFilter): SQL {
  const parts = [sql`a.company_id = ${companyId}`];
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.actor) parts.push(sql`a.actor_user_id = ${f.actor}`);
  if (f.from) parts.push(sql`a.created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`a.created_at < ${f.to}::timestamptz`);
  return and(parts);
}

const COLUMNS = sql`a.id, a.action, a.target_type, a.target_id, a.before, a.after, a.ip, a.user_agent, a.created_at,
  a.actor_user_id, u.email AS actor_email, u.first_name AS actor_first_name, u.last_name AS actor_last_name`;

export async function list(tx: Tx, companyId: string, f: AuditFilter, page: number, itemsPerPage: number) {
  const dir = f.order === 'asc' ? sql`ASC` : sql`DESC`;
  const data = await rows<AuditRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM (SELECT a.id FROM audit_log a WHERE ${where(companyId, f)}
          ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT ${itemsPerPage} OFFSET ${(page - 1) * itemsPerPage}) p
        JOIN audit_log a ON a.id = p.id LEFT JOIN users u ON u.id = a.actor_user_id
        ORDER BY a.created_at ${dir}, a.id ${dir}`,
  );
  const [c] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM audit_log a WHERE ${where(companyId, f)}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

export type AuditCursor = KeysetCursor;

export function batch(tx: Tx, companyId: string, f: AuditFilter, cursor: AuditCursor | null, limit: number) {
  const desc = f.order !== 'asc';
  const after = afterKeyset({ expr: sql`a.created_at`, type: sql`timestamptz` }, sql`a.id`, desc, cursor);
  const dir = desc ? sql`DESC` : sql`ASC`;
  return rows<AuditRow & { k: string }>(
    tx,
    sql`SELECT ${COLUMNS}, a.created_at::text AS k FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
         WHERE ${where(companyId, f)}${after} ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT ${limit}`,
  );
}
