import type { TimeOffTypeListQuery } from '@wac/shared/schemas/time-off-types';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { containsPattern, preparedRows } from '../../db/sql';

export interface TimeOffTypeRow {
  id: string;
  name: string;
  color: string;
  paid: boolean;
  unit: 'days' | 'hours';
  yearly_allowance: number;
  accrual: 'yearly' | 'monthly';
  carry_over_cap: number | null;
  needs_approval: boolean;
  allow_negative: boolean;
  created_at: Date | string;
  version: number;
}

export interface TimeOffTypeValues {
  name: string;
  color: string;
  paid: boolean;
  unit: 'days' | 'hours';
  yearlyAllowance: number;
  accrual: 'yearly' | 'monthly';
  carryOverCap: number | null;
  needsApproval: boolean;
  allowNegative: boolean;
}

export const TYPE_COLS = sql`t.id, t.name, t.color, t.paid, t.unit, t.yearly_allowance::float8 AS yearly_allowance,
  t.accrual, t.carry_over_cap::float8 AS carry_over_cap, t.needs_approval, t.allow_negative, t.created_at, t.version`;

/** Every statement names the company as well: row-level security is the second lock, not the only one. */
const where = (companyId: string, search?: string) =>
  sql`t.company_id = ${companyId}${search ? sql` AND lower(t.name) LIKE ${containsPattern(search)}` : sql``}`;

const SORTS: Record<TimeOffTypeListQuery['sort'], SQL> = { name: sql`lower(t.name)`, createdAt: sql`t.created_at` };

export async function list(tx: Tx, companyId: string, q: TimeOffTypeListQuery) {
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const data = await preparedRows<TimeOffTypeRow>(
    tx,
    sql`SELECT ${TYPE_COLS} FROM time_off_types t WHERE ${where(companyId, q.search)}
         ORDER BY ${SORTS[q.sort]} ${dir}, t.id ${dir} LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage}`,
  );
  const [c] = await preparedRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM time_off_types t WHERE ${where(companyId, q.search)}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

/** Every type of the company (a company has a handful), by name. */
export const all = (tx: Tx, companyId: string) =>
  preparedRows<TimeOffTypeRow>(
    tx,
    sql`SELECT ${TYPE_COLS} FROM time_off_types t WHERE t.company_id = ${companyId} ORDER BY lower(t.name), t.id`,
  );

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await preparedRows<TimeOffTypeRow>(
    tx,
    sql`SELECT ${TYPE_COLS} FROM time_off_types t WHERE t.company_id = ${companyId} AND t.id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return r ?? null;
}

export async function nameTaken(tx: Tx, companyId: string, name: string, exceptId: string | null) {
  const r = await preparedRows<{ id: string }>(
    tx,
    sql`SELECT id FROM time_off_types WHERE company_id = ${companyId} AND lower(name) = lower(${name})
          ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  return r.length > 0;
}

export async function insert(tx: Tx, companyId: string, v: TimeOffTypeValues) {
  const [r] = await preparedRows<{ id: string }>(
    tx,
    sql`INSERT INTO time_off_types (company_id, name, color, paid, unit, yearly_allowance, accrual, carry_over_cap,
          needs_approval, allow_negative)
        VALUES (${companyId}, ${v.name}, ${v.color}, ${v.paid}, ${v.unit}, ${v.yearlyAllowance}, ${v.accrual},
          ${v.carryOverCap}, ${v.needsApproval}, ${v.allowNegative})
        RETURNING id`,
  );
  return r!.id;
}

/** Writes the values when the row is still at `version`; false when someone changed it first. */
export async function update(tx: Tx, companyId: string, id: string, version: number, v: TimeOffTypeValues) {
  const r = await preparedRows<{ id: string }>(
    tx,
    sql`UPDATE time_off_types SET name = ${v.name}, color = ${v.color}, paid = ${v.paid}, unit = ${v.unit},
          yearly_allowance = ${v.yearlyAllowance}, accrual = ${v.accrual}, carry_over_cap = ${v.carryOverCap},
          needs_approval = ${v.needsApproval}, allow_negative = ${v.allowNegative},
          version = version + 1, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${id} AND version = ${version} RETURNING id`,
  );
  return r.length > 0;
}

/** Whether any ledger row or request uses the type (then it stays: history keeps its name). */
export async function inUse(tx: Tx, companyId: string, id: string) {
  const [r] = await preparedRows<{ used: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM time_off_ledger WHERE company_id = ${companyId} AND type_id = ${id})
            OR EXISTS (SELECT 1 FROM time_off_requests WHERE company_id = ${companyId} AND type_id = ${id}) AS used`,
  );
  return !!r?.used;
}

export async function remove(tx: Tx, companyId: string, id: string) {
  await tx.execute(sql`DELETE FROM time_off_types WHERE company_id = ${companyId} AND id = ${id}`);
}
