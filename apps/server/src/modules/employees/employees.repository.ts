import type { EmployeeExportQuery } from '@wac/shared/schemas/employees';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  afterKeyset,
  containsPattern,
  countPastCap,
  employedOn,
  intLiteral,
  type KeysetCursor,
  rows,
  type SortKey,
  uuidArray,
} from '../../db/sql';

/** A member of the company with their record (all record columns null when nobody wrote it yet). */
export interface PersonRow {
  user_id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  email: string;
  job_title: string | null;
  work_phone: string | null;
  work_location: string | null;
  employment_type: string | null;
  start_date: string | null;
  end_date: string | null;
  emergency_name: string | null;
  emergency_relation: string | null;
  emergency_phone: string | null;
  custom: Record<string, string | number | null> | null;
  version: number | null;
  department_id: string | null;
  department_name: string | null;
  department_color: string | null;
  manager_user_id: string | null;
  /** The recorded manager's email (the CSV's managerEmail), whether or not their employment is current. */
  manager_email: string | null;
  /** The manager as the chain shows them: null when that manager's employment has ended or they left. */
  manager_id: string | null;
  manager_first_name: string | null;
  manager_last_name: string | null;
  ended: boolean;
  /** In the directory today (the `current` rule: membership on, employment not ended). */
  in_directory: boolean;
}

/** A person counts in the chain and the directory while their membership is on and their end date not past. */
export const current = (e: string, m: string, today: string) => sql`${sql.raw(m)}.enabled AND ${employedOn(e, today)}`;

const personCols = (today: string) => sql`m.user_id, u.first_name, u.last_name, u.avatar, m.email,
  e.job_title, e.work_phone, e.work_location, e.employment_type,
  to_char(e.start_date, 'YYYY-MM-DD') AS start_date, to_char(e.end_date, 'YYYY-MM-DD') AS end_date,
  e.emergency_name, e.emergency_relation, e.emergency_phone, e.custom, e.version,
  d.id AS department_id, d.name AS department_name, d.color AS department_color, e.manager_user_id, mm.email AS manager_email,
  mu.id AS manager_id, mu.first_name AS manager_first_name, mu.last_name AS manager_last_name,
  NOT ${employedOn('e', today)} AS ended,
  ${current('e', 'm', today)} AS in_directory`;
const personFrom = (today: string) => sql`memberships m JOIN users u ON u.id = m.user_id
  LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
  LEFT JOIN departments d ON d.id = e.department_id
  LEFT JOIN memberships mm ON mm.company_id = m.company_id AND mm.user_id = e.manager_user_id
  LEFT JOIN employees me ON me.company_id = m.company_id AND me.user_id = e.manager_user_id
  LEFT JOIN users mu ON mu.id = mm.user_id AND mm.enabled AND ${employedOn('me', today)}`;

export type PersonFilter = Omit<EmployeeExportQuery, 'order' | 'sort'> &
  Partial<Pick<EmployeeExportQuery, 'order' | 'sort'>>;

const SORTS: Record<EmployeeExportQuery['sort'], SortKey> = {
  name: { expr: sql`m.sort_name`, type: sql`text` },
  jobTitle: { expr: sql`coalesce(lower(e.job_title), '')`, type: sql`text` },
};

const STATUS = {
  current: (today: string) => sql` AND m.enabled AND ${employedOn('e', today)}`,
  ended: (today: string) => sql` AND e.end_date < ${today}::date`,
  all: () => sql``,
};

/**
 * What a search looks at: a person's name and email (as member_search holds them) and job title,
 * never a private field. `ids`: the matches, found by directory_search_ids (migration 0023) through
 * the trigram indexes; `scan`: the same test written per row, for a walk in the listing's order.
 */
export type SearchBy = { ids: string[] } | { scan: string };

const searchCondition = (s: SearchBy) => {
  if ('ids' in s) return sql` AND m.id = ANY(${uuidArray(s.ids)})`;
  const p = containsPattern(s.scan);
  return sql` AND (lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE ${p}
                  OR lower(e.job_title) LIKE ${p})`;
};

const where = (companyId: string, today: string, f: PersonFilter, search: SearchBy | null) => {
  const parts: SQL[] = [sql`m.company_id = ${companyId}`, STATUS[f.status](today)];
  if (search) parts.push(searchCondition(search));
  if (f.departmentUuid) parts.push(sql` AND e.department_id = ${f.departmentUuid}`);
  if (f.managerUuid) parts.push(sql` AND e.manager_user_id = ${f.managerUuid}`);
  return sql.join(parts, sql``);
};

/**
 * A search's total is counted up to this many matches; past it the page says "more than". Beyond
 * it, walking the people in the listing's order and testing each finds a page sooner than sorting
 * every match.
 */
export const DIRECTORY_SEARCH_CAP = 1000;

export async function directory(
  tx: Tx,
  companyId: string,
  today: string,
  q: PersonFilter & { page: number; itemsPerPage: number },
  cap = DIRECTORY_SEARCH_CAP,
) {
  const key = SORTS[q.sort ?? 'name'];
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  // A search: up to `cap` matches from the trigram indexes, page and count joined to their ids; past
  // it, the page walks the people in the listing's order testing each.
  const hits = q.search
    ? (
        await rows<{ id: string }>(
          tx,
          sql`SELECT directory_search_ids(${companyId}::uuid, ${q.search}::text, ${cap + 1}::int) AS id`,
        )
      ).map((h) => h.id)
    : [];
  const search: SearchBy | null = !q.search ? null : hits.length > cap ? { scan: q.search } : { ids: hits };
  const data = await rows<PersonRow>(
    tx,
    sql`SELECT ${personCols(today)} FROM ${personFrom(today)} WHERE ${where(companyId, today, q, search)}
         ORDER BY ${key.expr} ${dir}, m.user_id ${dir} LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const from = (by: SearchBy | null) => sql`memberships m JOIN users u ON u.id = m.user_id
    LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
    WHERE ${where(companyId, today, q, by)}`;
  if (isWholeDirectory(q)) {
    const [c] = await rows<{ n: number }>(tx, wholeDirectoryCount(companyId, today));
    return { data, totalItems: c?.n ?? 0, totalIsLowerBound: false };
  }
  if (!search || 'ids' in search) {
    const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${from(search)}`);
    return { data, totalItems: c?.n ?? 0, totalIsLowerBound: false };
  }
  // More than `cap` match: the first cap + 1 usually all pass the filters (a search alone).
  const { n, more } = await countPastCap(tx, from({ ids: hits }), from(search), cap);
  return { data, totalItems: n, totalIsLowerBound: more };
}

const isWholeDirectory = (f: PersonFilter) =>
  f.status === 'current' && !f.search && !f.departmentUuid && !f.managerUuid;

/**
 * The current people of the whole company without walking its memberships (176 ms at 100,000, on
 * every page): the enabled members from the counter the members listing keeps (member_stats), less
 * the enabled ones whose employment has ended, found on the partial index of records with an end date.
 */
const wholeDirectoryCount = (companyId: string, today: string) =>
  sql`SELECT ((SELECT coalesce(sum(n), 0) FROM member_stats WHERE company_id = ${companyId} AND role = '' AND enabled)
             - (SELECT count(*) FROM employees e
                  JOIN memberships m ON m.company_id = e.company_id AND m.user_id = e.user_id AND m.enabled
                 WHERE e.company_id = ${companyId} AND e.end_date IS NOT NULL AND e.end_date < ${today}::date))::int AS n`;

/** A batch of the export in keyset order on (sort key, user id). */
export function batch(
  tx: Tx,
  companyId: string,
  today: string,
  f: PersonFilter,
  cursor: KeysetCursor | null,
  limit: number,
) {
  const key = SORTS[f.sort ?? 'name'];
  const desc = f.order === 'desc';
  const dir = desc ? sql`DESC` : sql`ASC`;
  return rows<PersonRow & { k: string; id: string }>(
    tx,
    sql`SELECT ${personCols(today)}, m.user_id AS id, ${key.expr}::text AS k FROM ${personFrom(today)}
         WHERE ${where(companyId, today, f, f.search ? { scan: f.search } : null)}${afterKeyset(key, sql`m.user_id`, desc, cursor)}
         ORDER BY ${key.expr} ${dir}, m.user_id ${dir} LIMIT ${intLiteral(limit)}`,
  );
}

export async function findPerson(tx: Tx, companyId: string, userId: string, today: string) {
  const [r] = await rows<PersonRow>(
    tx,
    sql`SELECT ${personCols(today)} FROM ${personFrom(today)} WHERE m.company_id = ${companyId} AND m.user_id = ${userId}`,
  );
  return r ?? null;
}

/** Whether the person is in the directory today: membership on, employment not ended (`current`). */
export async function inDirectory(tx: Tx, companyId: string, userId: string, today: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT m.id FROM memberships m
         LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
         WHERE m.company_id = ${companyId} AND m.user_id = ${userId} AND ${current('e', 'm', today)}`,
  );
  return r.length > 0;
}

/** Locks the record of a person (the row may not exist yet: then the membership row is locked). */
export async function lockPerson(tx: Tx, companyId: string, userId: string) {
  await tx.execute(sql`SELECT 1 FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId} FOR UPDATE`);
}

export async function isMember(tx: Tx, companyId: string, userId: string) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return r.length > 0;
}

/** The user ids among `userIds` that are NOT members of the company. */
export async function nonMembers(tx: Tx, companyId: string, userIds: string[]) {
  if (!userIds.length) return [];
  const found = await rows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM memberships WHERE company_id = ${companyId}
          AND user_id = ANY(ARRAY[${sql.join(
            userIds.map((u) => sql`${u}::uuid`),
            sql`, `,
          )}])`,
  );
  const ok = new Set(found.map((f) => f.user_id));
  return userIds.filter((u) => !ok.has(u));
}

/**
 * Whether making `managerId` the manager of `userId` closes a loop: walks up from the new manager
 * through the recorded chain and looks for the person. The depth bound keeps a corrupted chain finite.
 */
export async function wouldCycle(tx: Tx, companyId: string, userId: string, managerId: string) {
  const [r] = await rows<{ hit: boolean }>(
    tx,
    sql`WITH RECURSIVE up(user_id, depth) AS (
          SELECT ${managerId}::uuid, 0
          UNION ALL
          SELECT e.manager_user_id, up.depth + 1 FROM employees e JOIN up ON e.user_id = up.user_id
           WHERE e.company_id = ${companyId} AND e.manager_user_id IS NOT NULL AND up.depth < 10000
        ) CYCLE user_id SET looped USING path
        SELECT EXISTS (SELECT 1 FROM up WHERE user_id = ${userId}) AS hit`,
  );
  return !!r?.hit;
}

export interface RecordValues {
  jobTitle?: string | null;
  departmentId?: string | null;
  managerUserId?: string | null;
  employmentType?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  workLocation?: string | null;
  workPhone?: string | null;
  emergencyName?: string | null;
  emergencyRelation?: string | null;
  emergencyPhone?: string | null;
  custom?: Record<string, string | number | null>;
}
const COLUMNS: Record<keyof RecordValues, string> = {
  jobTitle: 'job_title',
  departmentId: 'department_id',
  managerUserId: 'manager_user_id',
  employmentType: 'employment_type',
  startDate: 'start_date',
  endDate: 'end_date',
  workLocation: 'work_location',
  workPhone: 'work_phone',
  emergencyName: 'emergency_name',
  emergencyRelation: 'emergency_relation',
  emergencyPhone: 'emergency_phone',
  custom: 'custom',
};
const columnValue = (k: keyof RecordValues, v: unknown) =>
  k === 'custom' ? sql`${JSON.stringify(v)}::jsonb` : k.endsWith('Date') ? sql`${v}::date` : sql`${v}`;

/**
 * Writes a record at `version` (0: not written yet, so it is created). False when someone else wrote
 * it first.
 */
export async function write(tx: Tx, companyId: string, userId: string, version: number, v: RecordValues) {
  const keys = (Object.keys(v) as Array<keyof RecordValues>).filter((k) => v[k] !== undefined);
  if (version === 0) {
    const cols = keys.map((k) => sql.raw(COLUMNS[k]));
    const vals = keys.map((k) => columnValue(k, v[k]));
    const r = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO employees (company_id, user_id${cols.length ? sql`, ${sql.join(cols, sql`, `)}` : sql``})
          VALUES (${companyId}, ${userId}${vals.length ? sql`, ${sql.join(vals, sql`, `)}` : sql``})
          ON CONFLICT (company_id, user_id) DO NOTHING RETURNING id`,
    );
    return r.length > 0;
  }
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  for (const k of keys) sets.push(sql`${sql.raw(COLUMNS[k])} = ${columnValue(k, v[k])}`);
  const r = await rows<{ id: string }>(
    tx,
    sql`UPDATE employees SET ${sql.join(sets, sql`, `)}
         WHERE company_id = ${companyId} AND user_id = ${userId} AND version = ${version} RETURNING id`,
  );
  return r.length > 0;
}

/** Puts the people in a department, creating their records where none exists yet. */
export async function moveToDepartment(tx: Tx, companyId: string, departmentId: string, userIds: string[]) {
  const ids = sql`ARRAY[${sql.join(
    userIds.map((u) => sql`${u}::uuid`),
    sql`, `,
  )}]`;
  // The department each moved person was in (null: none, or no record yet), read before the move.
  const r = await rows<{ user_id: string; from_department: string | null }>(
    tx,
    sql`WITH before AS (
          SELECT user_id, department_id FROM employees WHERE company_id = ${companyId} AND user_id = ANY(${ids})
        ), moved AS (
          INSERT INTO employees (company_id, user_id, department_id)
          SELECT ${companyId}, u, ${departmentId} FROM unnest(${ids}) AS u
          ON CONFLICT (company_id, user_id) DO UPDATE
            SET department_id = EXCLUDED.department_id, version = employees.version + 1, updated_at = now()
            WHERE employees.department_id IS DISTINCT FROM EXCLUDED.department_id
          RETURNING user_id
        )
        SELECT m.user_id, b.department_id AS from_department FROM moved m LEFT JOIN before b ON b.user_id = m.user_id`,
  );
  return r;
}

/**
 * Gives `from`'s current direct reports (enabled members whose employment has not ended by `today`) the manager
 * `to` (null: none). Their ids.
 */
export async function moveReports(tx: Tx, companyId: string, from: string, to: string | null, today: string) {
  const r = await rows<{ user_id: string }>(
    tx,
    sql`UPDATE employees e SET manager_user_id = ${to}, version = e.version + 1, updated_at = now()
         WHERE e.company_id = ${companyId} AND e.manager_user_id = ${from}
           AND (e.end_date IS NULL OR e.end_date >= ${today}::date)
           -- The reports the org chart shows (and the question named): enabled members.
           AND EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = e.company_id AND m.user_id = e.user_id AND m.enabled)
        RETURNING e.user_id`,
  );
  return r.map((x) => x.user_id);
}
