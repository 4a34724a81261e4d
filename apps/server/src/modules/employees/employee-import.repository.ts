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

/** A whole record as it is to be written, and the version it was read at (0: no record yet). */
export interface RecordWrite {
  userId: string;
  readVersion: number;
  jobTitle: string | null;
  departmentId: string | null;
  managerUserId: string | null;
  employmentType: string | null;
  startDate: string | null;
  endDate: string | null;
  workLocation: string | null;
  workPhone: string | null;
  emergencyName: string | null;
  emergencyRelation: string | null;
  emergencyPhone: string | null;
  custom: Record<string, string | number | null>;
}

const WRITE_COLUMNS = sql.raw(`job_title, department_id, manager_user_id, employment_type, start_date, end_date,
  work_location, work_phone, emergency_name, emergency_relation, emergency_phone, custom`);
const UPDATE_SET = sql.raw(
  [
    'job_title',
    'department_id',
    'manager_user_id',
    'employment_type',
    'start_date',
    'end_date',
    'work_location',
    'work_phone',
    'emergency_name',
    'emergency_relation',
    'emergency_phone',
    'custom',
    'version',
  ]
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', '),
);

/**
 * Writes many records, 500 a statement: created where none exists, replaced where the stored version
 * is still the one read. Returns the user ids written; a record someone changed since is left as it is.
 */
export async function writeRecords(tx: Tx, companyId: string, writes: RecordWrite[]) {
  const written = new Set<string>();
  for (let i = 0; i < writes.length; i += 500) {
    const values = writes.slice(i, i + 500).map(
      (w) => sql`(${companyId}::uuid, ${w.userId}::uuid, ${w.jobTitle}, ${w.departmentId}::uuid,
        ${w.managerUserId}::uuid, ${w.employmentType}, ${w.startDate}::date, ${w.endDate}::date, ${w.workLocation},
        ${w.workPhone}, ${w.emergencyName}, ${w.emergencyRelation}, ${w.emergencyPhone},
        ${JSON.stringify(w.custom)}::jsonb, ${w.readVersion + 1})`,
    );
    const r = await rows<{ user_id: string }>(
      tx,
      sql`INSERT INTO employees (company_id, user_id, ${WRITE_COLUMNS}, version)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (company_id, user_id) DO UPDATE SET ${UPDATE_SET}, updated_at = now()
            WHERE employees.version = EXCLUDED.version - 1
          RETURNING user_id`,
    );
    for (const x of r) written.add(x.user_id);
  }
  return written;
}
