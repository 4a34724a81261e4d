import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../lib/sql';

/**
 * Takes a team or a department out of every policy's and certification type's audience (their
 * version moves on, so an edit form opened before is refused rather than sending the id back). How
 * many of each named it.
 */
export async function dropGroup(tx: Tx, companyId: string, group: { teamId: string } | { departmentId: string }) {
  const column = sql.raw('teamId' in group ? 'audience_team_ids' : 'audience_department_ids');
  const id = 'teamId' in group ? group.teamId : group.departmentId;
  const [r] = await rows<{ policies: number; certifications: number }>(
    tx,
    sql`WITH p AS (
          UPDATE policies SET ${column} = array_remove(${column}, ${id}::uuid), version = version + 1, updated_at = now()
           WHERE company_id = ${companyId} AND ${id}::uuid = ANY (${column}) RETURNING id
        ), c AS (
          UPDATE certification_types SET ${column} = array_remove(${column}, ${id}::uuid), version = version + 1, updated_at = now()
           WHERE company_id = ${companyId} AND ${id}::uuid = ANY (${column}) RETURNING id
        )
        SELECT (SELECT count(*) FROM p)::int AS policies, (SELECT count(*) FROM c)::int AS certifications`,
  );
  return r ?? { policies: 0, certifications: 0 };
}
