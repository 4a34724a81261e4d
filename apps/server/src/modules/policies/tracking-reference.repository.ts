import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';
import { assignedNow, dueAt, latestAck, statusOf } from './acknowledgements.repository';

/**
 * Where everyone assigned a policy stands, computed from scratch over every enabled member (one
 * probe into the acknowledgements per member). This was the tracking page's statement before the
 * counters (decision 022); it is kept as their reference: the property test compares the counters
 * and the tracking list with it.
 */
export interface ReferenceRow {
  user_id: string;
  sort_name: string;
  email: string;
  status: 'acknowledged' | 'outstanding' | 'overdue';
  due_at: Date | string;
  /** The membership's start: the due-date order's tie-break. */
  joined_at: Date | string;
  acknowledged_at: Date | string | null;
  ack_number_done: number | null;
}

export function referenceAssigned(tx: Tx, companyId: string, policyId: string) {
  return rows<ReferenceRow>(
    tx,
    sql`SELECT m.user_id, m.sort_name, u.email, ${statusOf} AS status, ${dueAt} AS due_at, m.created_at AS joined_at,
          ack.acknowledged_at, ack.ack_number_done
        FROM policies p
        JOIN memberships m ON m.company_id = p.company_id AND m.enabled
        JOIN users u ON u.id = m.user_id
        ${latestAck}
        WHERE p.company_id = ${companyId} AND p.id = ${policyId} AND p.ack_number IS NOT NULL AND ${assignedNow}
        ORDER BY m.sort_name, m.user_id`,
  );
}

/** The completion statement as it was: four counts over everyone assigned. */
export async function referenceCompletion(tx: Tx, companyId: string, policyId: string) {
  const [c] = await rows<{ assigned: number; acknowledged: number; outstanding: number; overdue: number }>(
    tx,
    sql`WITH t AS (SELECT ${statusOf} AS status
          FROM policies p
          JOIN memberships m ON m.company_id = p.company_id AND m.enabled
          JOIN users u ON u.id = m.user_id
          ${latestAck}
          WHERE p.company_id = ${companyId} AND p.id = ${policyId} AND p.ack_number IS NOT NULL AND ${assignedNow})
        SELECT count(*)::int AS assigned,
          count(*) FILTER (WHERE status = 'acknowledged')::int AS acknowledged,
          count(*) FILTER (WHERE status = 'outstanding')::int AS outstanding,
          count(*) FILTER (WHERE status = 'overdue')::int AS overdue
        FROM t`,
  );
  return c!;
}
