import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { employedOn, preparedRows } from '../../db/sql';
import { TYPE_COLS, type TimeOffTypeRow } from './time-off-types.repository';

/** The ledger: rows are only ever added; a balance is the SUM of a person's rows of a type. */

export interface BalanceRow extends TimeOffTypeRow {
  balance: number;
  pending: number;
}

export interface LedgerRow {
  id: string;
  type_id: string;
  type_name: string;
  type_color: string;
  type_unit: 'days' | 'hours';
  kind: 'grant' | 'accrual' | 'taken' | 'adjustment' | 'carry_over' | 'expiry';
  amount: number;
  effective_date: string;
  reason: string | null;
  request_id: string | null;
  created_by: string | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  created_at: Date | string;
}

export interface NewEntry {
  userId: string;
  typeId: string;
  kind: LedgerRow['kind'];
  amount: number;
  effectiveDate: string;
  reason?: string | null;
  requestId?: string | null;
  createdBy?: string | null;
}

/**
 * Locks a person's ledger in this company: every write that checks a balance first takes this row
 * lock (the membership row), so two requests of one person cannot both pass the same balance.
 * False when the person is no member of the company.
 */
export async function lockPerson(tx: Tx, companyId: string, userId: string) {
  const r = await preparedRows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId} FOR UPDATE`,
  );
  return r.length > 0;
}

export async function isMember(tx: Tx, companyId: string, userId: string) {
  const r = await preparedRows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM memberships WHERE company_id = ${companyId} AND user_id = ${userId}`,
  );
  return r.length > 0;
}

/**
 * Every type of the company with the person's balance (ledger sum) and pending requests (index on
 * company, person, type). `memberOnly`: no rows unless the person is a member of the company (the
 * membership checked in the same statement, not a round trip of its own).
 */
export function balances(tx: Tx, companyId: string, userId: string, typeId: string | null = null, memberOnly = false) {
  return preparedRows<BalanceRow>(
    tx,
    sql`SELECT ${TYPE_COLS},
          coalesce((SELECT sum(l.amount) FROM time_off_ledger l
                     WHERE l.company_id = ${companyId} AND l.user_id = ${userId} AND l.type_id = t.id), 0)::float8 AS balance,
          coalesce((SELECT sum(r.amount) FROM time_off_requests r
                     WHERE r.company_id = ${companyId} AND r.user_id = ${userId} AND r.type_id = t.id
                       AND r.status = 'pending'), 0)::float8 AS pending
        FROM time_off_types t
        WHERE t.company_id = ${companyId}${typeId ? sql` AND t.id = ${typeId}` : sql``}${
          memberOnly
            ? sql` AND EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = ${companyId} AND m.user_id = ${userId})`
            : sql``
        }
        ORDER BY lower(t.name), t.id`,
  );
}

export async function insertEntries(tx: Tx, companyId: string, entries: NewEntry[]) {
  for (const e of entries) {
    await tx.execute(
      sql`INSERT INTO time_off_ledger (company_id, user_id, type_id, kind, amount, effective_date, reason, request_id, created_by)
          VALUES (${companyId}, ${e.userId}, ${e.typeId}, ${e.kind}, ${e.amount}, ${e.effectiveDate}, ${e.reason ?? null},
            ${e.requestId ?? null}, ${e.createdBy ?? null})`,
    );
  }
}

export async function page(
  tx: Tx,
  companyId: string,
  q: { userId: string; typeId?: string; page: number; itemsPerPage: number },
) {
  const where = sql`l.company_id = ${companyId} AND l.user_id = ${q.userId}${q.typeId ? sql` AND l.type_id = ${q.typeId}` : sql``}`;
  const data = await preparedRows<LedgerRow>(
    tx,
    sql`SELECT l.id, l.type_id, t.name AS type_name, t.color AS type_color, t.unit AS type_unit, l.kind,
          l.amount::float8 AS amount, to_char(l.effective_date, 'YYYY-MM-DD') AS effective_date, l.reason, l.request_id,
          l.created_by, u.first_name AS created_by_first_name, u.last_name AS created_by_last_name, l.created_at
        FROM time_off_ledger l JOIN time_off_types t ON t.id = l.type_id AND t.company_id = l.company_id
        LEFT JOIN users u ON u.id = l.created_by
        WHERE ${where}
        ORDER BY l.effective_date DESC, l.created_at DESC, l.id DESC
        LIMIT ${q.itemsPerPage} OFFSET ${(q.page - 1) * q.itemsPerPage}`,
  );
  const [c] = await preparedRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM time_off_ledger l WHERE ${where}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

// ---- The year boundary: set-based, each row at most once (the period key) ----

/** Enabled members whose employment has not ended by `day`, with each type `typeFilter` picks. */
const eligibleWithTypes = (companyId: string, day: string, typeFilter: ReturnType<typeof sql>) =>
  sql`FROM memberships m
      JOIN time_off_types t ON t.company_id = m.company_id AND ${typeFilter}
      LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
      WHERE m.company_id = ${companyId} AND m.enabled AND ${employedOn('e', day)}`;

async function counted(tx: Tx, insert: ReturnType<typeof sql>) {
  const [r] = await preparedRows<{ n: number }>(
    tx,
    sql`WITH ins AS (${insert} ON CONFLICT DO NOTHING RETURNING 1) SELECT count(*)::int AS n FROM ins`,
  );
  return r?.n ?? 0;
}

/** The yearly allowance of every 'yearly' type, dated 1 January of `year`. */
export function grantYear(tx: Tx, companyId: string, year: number) {
  const day = `${year}-01-01`;
  return counted(
    tx,
    sql`INSERT INTO time_off_ledger (company_id, user_id, type_id, kind, amount, effective_date, period)
        SELECT m.company_id, m.user_id, t.id, 'grant', t.yearly_allowance, ${day}::date, ${String(year)}
        ${eligibleWithTypes(companyId, day, sql`t.accrual = 'yearly' AND t.yearly_allowance > 0`)}`,
  );
}

/** A twelfth of the allowance of every 'monthly' type (December takes the rounding rest), dated the 1st. */
export function accrueMonth(tx: Tx, companyId: string, year: number, month: number) {
  const mm = String(month).padStart(2, '0');
  const day = `${year}-${mm}-01`;
  const amount =
    month === 12
      ? sql`t.yearly_allowance - 11 * round(t.yearly_allowance / 12, 3)`
      : sql`round(t.yearly_allowance / 12, 3)`;
  return counted(
    tx,
    sql`INSERT INTO time_off_ledger (company_id, user_id, type_id, kind, amount, effective_date, period)
        SELECT m.company_id, m.user_id, t.id, 'accrual', ${amount}, ${day}::date, ${`${year}-${mm}`}
        ${eligibleWithTypes(companyId, day, sql`t.accrual = 'monthly' AND t.yearly_allowance > 0`)}`,
  );
}

/**
 * Closes the year before `year`: what was left on 31 December expires, and up to the type's cap of
 * it carries over, both dated 1 January. A negative balance stays as it is (it is owed).
 */
export function closeYear(tx: Tx, companyId: string, year: number) {
  const day = `${year}-01-01`;
  const period = String(year - 1);
  return counted(
    tx,
    sql`WITH closing AS (
          SELECT l.user_id, l.type_id, sum(l.amount) AS bal, least(sum(l.amount), coalesce(t.carry_over_cap, sum(l.amount))) AS carry
            FROM time_off_ledger l JOIN time_off_types t ON t.id = l.type_id AND t.company_id = l.company_id
           WHERE l.company_id = ${companyId} AND t.company_id = ${companyId} AND l.effective_date < ${day}::date
           GROUP BY l.user_id, l.type_id, t.carry_over_cap
          HAVING sum(l.amount) > 0
        )
        INSERT INTO time_off_ledger (company_id, user_id, type_id, kind, amount, effective_date, period)
        SELECT ${companyId}::uuid, user_id, type_id, 'expiry', -bal, ${day}::date, ${period} FROM closing
        UNION ALL
        SELECT ${companyId}::uuid, user_id, type_id, 'carry_over', carry, ${day}::date, ${period} FROM closing WHERE carry > 0`,
  );
}
