import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';

/** What counting a request again needs. */
export interface RecountRow {
  id: string;
  user_id: string;
  type_id: string;
  unit: 'days' | 'hours';
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  amount: number;
  status: 'pending' | 'approved' | 'declined' | 'cancelled';
}

const COLS = sql`r.id, r.user_id, r.type_id, t.unit, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
  to_char(r.end_date, 'YYYY-MM-DD') AS end_date, r.start_half, r.end_half, r.amount::float8 AS amount, r.status`;

/** Pending and approved requests not over by `today` that hold one of `dates`. */
export function covering(tx: Tx, companyId: string, dates: string[], today: string) {
  return rows<RecountRow>(
    tx,
    sql`SELECT ${COLS} FROM time_off_requests r
          JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
         WHERE r.company_id = ${companyId} AND r.status IN ('pending', 'approved') AND r.end_date >= ${today}::date
           AND EXISTS (SELECT 1 FROM unnest(${`{${dates.join(',')}}`}::date[]) d WHERE d BETWEEN r.start_date AND r.end_date)
         ORDER BY r.start_date, r.id`,
  );
}

/** Pending and approved requests not over by `today` that end on or after `from`: of `userIds`, or everyone's (null). */
export function following(tx: Tx, companyId: string, from: string, userIds: string[] | null, today: string) {
  return rows<RecountRow>(
    tx,
    sql`SELECT ${COLS} FROM time_off_requests r
          JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
         WHERE r.company_id = ${companyId} AND r.status IN ('pending', 'approved')
           AND r.end_date >= greatest(${today}::date, ${from}::date)
           ${userIds ? sql`AND r.user_id = ANY (${`{${userIds.join(',')}}`}::uuid[])` : sql``}
         ORDER BY r.start_date, r.id`,
  );
}

/** One request, as counting it again reads it (under the caller's lock when `lock`). */
export async function one(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await rows<RecountRow>(
    tx,
    sql`SELECT ${COLS} FROM time_off_requests r
          JOIN time_off_types t ON t.id = r.type_id AND t.company_id = r.company_id
         WHERE r.company_id = ${companyId} AND r.id = ${id}${lock ? sql` FOR UPDATE OF r` : sql``}`,
  );
  return r ?? null;
}

export async function setAmount(tx: Tx, companyId: string, id: string, amount: number) {
  await tx.execute(
    sql`UPDATE time_off_requests SET amount = ${amount}, version = version + 1, updated_at = now()
         WHERE company_id = ${companyId} AND id = ${id}`,
  );
}
