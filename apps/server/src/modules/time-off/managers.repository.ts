import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companyToday, employedOn, preparedRows } from '../../db/sql';

/**
 * Who manages whom for time off. A manager counts while current, as the org chart and the directory
 * count the chain (docs/people.md, `current` in employees.repository): their membership on and their
 * employment not ended on the company's day. Someone whose employment has ended, whose membership
 * is still enabled, decides, reads and hears nothing more of their former reports' time off.
 */

/** Whether `userId` (a value or a column) is current in the company today, in the company's zone. */
export const isCurrent = (companyId: string, userId: string | SQL) =>
  sql`EXISTS (SELECT 1 FROM memberships cm JOIN companies cc ON cc.id = cm.company_id
                LEFT JOIN employees ce ON ce.company_id = cm.company_id AND ce.user_id = cm.user_id
               WHERE cm.company_id = ${companyId} AND cm.user_id = ${userId} AND cm.enabled
                 AND ${employedOn('ce', companyToday('cc'))})`;

/** The person's manager (their employee record's) while that manager is current; null otherwise. */
export async function currentManagerOf(tx: Tx, companyId: string, userId: string) {
  const [r] = await preparedRows<{ manager_user_id: string }>(
    tx,
    sql`SELECT e.manager_user_id FROM employees e
         WHERE e.company_id = ${companyId} AND e.user_id = ${userId} AND e.manager_user_id IS NOT NULL
           AND ${isCurrent(companyId, sql`e.manager_user_id`)}`,
  );
  return r?.manager_user_id ?? null;
}
