import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';

/** A member with their record as stored (nulls when nobody wrote it yet), for the CSV import and export. */
export interface RecordRow {
  user_id: string;
  email: string;
  job_title: string | null;
  department_id: string | null;
  department_name: string | null;
  manager_user_id: string | null;
  manager_email: string | null;
  employment_type: string | null;
  start_date: string | null;
  end_date: string | null;
  work_location: string | null;
  work_phone: string | null;
  emergency_name: string | null;
  emergency_relation: string | null;
  emergency_phone: string | null;
  custom: Record<string, string | number | null> | null;
  version: number | null;
}

const COLS = sql`m.user_id, lower(m.email) AS email, e.job_title, e.department_id, d.name AS department_name,
  e.manager_user_id, mm.email AS manager_email, e.employment_type,
  to_char(e.start_date, 'YYYY-MM-DD') AS start_date, to_char(e.end_date, 'YYYY-MM-DD') AS end_date,
  e.work_location, e.work_phone, e.emergency_name, e.emergency_relation, e.emergency_phone, e.custom, e.version`;
const FROM = sql`memberships m
  LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
  LEFT JOIN departments d ON d.id = e.department_id
  LEFT JOIN memberships mm ON mm.company_id = m.company_id AND mm.user_id = e.manager_user_id`;

/** Every member of the company with their record: the import resolves emails and walks manager chains in memory. */
export const allRecords = (tx: Tx, companyId: string) =>
  rows<RecordRow>(tx, sql`SELECT ${COLS} FROM ${FROM} WHERE m.company_id = ${companyId}`);

/** The records of some members (one export batch). */
export function recordsOf(tx: Tx, companyId: string, userIds: string[]) {
  if (!userIds.length) return Promise.resolve([] as RecordRow[]);
  return rows<RecordRow>(
    tx,
    sql`SELECT ${COLS} FROM ${FROM} WHERE m.company_id = ${companyId}
          AND m.user_id = ANY(ARRAY[${sql.join(
            userIds.map((u) => sql`${u}::uuid`),
            sql`, `,
          )}])`,
  );
}

/** The company's departments by name (names are unique per company). */
export const departmentNames = (tx: Tx, companyId: string) =>
  rows<{ id: string; name: string }>(tx, sql`SELECT id, name FROM departments WHERE company_id = ${companyId}`);
