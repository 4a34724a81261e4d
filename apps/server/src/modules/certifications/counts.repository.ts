import { EXPIRING_WITHIN_DAYS } from '@wac/shared/schemas/certifications';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';
import { employedOn, inAudience, pgArray, type TypeRow } from './certifications.repository';

export interface CountsRow {
  assigned: number;
  valid: number;
  expiring: number;
  expired: number;
}

/**
 * Assigned / valid / expiring / expired per type (missing is the rest): one grouped pass over the
 * page's current records, plus audience sizes from member_stats (everyone) or the named groups'
 * members — O(records + audience), not O(members × types).
 */
export async function countsByType(tx: Tx, companyId: string, types: TypeRow[], today: string) {
  const out = new Map<string, CountsRow>();
  if (types.length === 0) return out;
  const ids = pgArray(types.map((t) => t.id));
  const statuses = await rows<{ type_id: string; valid: number; expiring: number; expired: number }>(
    tx,
    sql`SELECT rec.type_id,
          count(*) FILTER (WHERE rec.expires_on < ${today}::date)::int AS expired,
          count(*) FILTER (WHERE rec.expires_on >= ${today}::date
            AND rec.expires_on <= ${today}::date + ${EXPIRING_WITHIN_DAYS}::int)::int AS expiring,
          count(*) FILTER (WHERE rec.expires_on > ${today}::date + ${EXPIRING_WITHIN_DAYS}::int)::int AS valid
        FROM certification_records rec
        JOIN certification_types ct ON ct.company_id = rec.company_id AND ct.id = rec.type_id
        JOIN memberships m ON m.company_id = rec.company_id AND m.user_id = rec.user_id AND m.enabled
        WHERE rec.company_id = ${companyId} AND rec.type_id = ANY (${ids}::uuid[]) AND rec.is_current AND ${inAudience}
          AND ${employedOn(today)}
        GROUP BY rec.type_id`,
  );
  const [everyone] = await rows<{ n: number }>(
    tx,
    // The enabled members less those whose employment ended (few, read from the end-date index).
    sql`SELECT ((SELECT coalesce(sum(n), 0) FROM member_stats WHERE company_id = ${companyId} AND role = '' AND enabled)
             - (SELECT count(*) FROM employees e JOIN memberships m ON m.company_id = e.company_id AND m.user_id = e.user_id
                 WHERE e.company_id = ${companyId} AND e.end_date < ${today}::date AND m.enabled))::int AS n`,
  );
  // Each distinct audience of chosen teams and departments is counted once, however many types name it.
  const sizes = new Map<string, number>();
  for (const t of types.filter((x) => !x.audience_all)) {
    const key = `${[...t.audience_team_ids].sort().join(',')}|${[...t.audience_department_ids].sort().join(',')}`;
    if (sizes.has(key)) continue;
    const [row] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM (
            SELECT tm.user_id FROM team_members tm
              WHERE tm.company_id = ${companyId} AND tm.team_id = ANY (${pgArray(t.audience_team_ids)}::uuid[])
            UNION
            SELECT e.user_id FROM employees e
              WHERE e.company_id = ${companyId} AND e.department_id = ANY (${pgArray(t.audience_department_ids)}::uuid[])) a
          JOIN memberships m ON m.company_id = ${companyId} AND m.user_id = a.user_id AND m.enabled
          WHERE ${employedOn(today)}`,
    );
    sizes.set(key, row?.n ?? 0);
  }
  const sizeOf = (t: TypeRow) =>
    sizes.get(`${[...t.audience_team_ids].sort().join(',')}|${[...t.audience_department_ids].sort().join(',')}`) ?? 0;
  const byType = new Map(statuses.map((r) => [r.type_id, r]));
  for (const t of types) {
    const s = byType.get(t.id);
    out.set(t.id, {
      assigned: t.audience_all ? (everyone?.n ?? 0) : sizeOf(t),
      valid: s?.valid ?? 0,
      expiring: s?.expiring ?? 0,
      expired: s?.expired ?? 0,
    });
  }
  return out;
}

export async function counts(tx: Tx, companyId: string, type: TypeRow, today: string) {
  return (await countsByType(tx, companyId, [type], today)).get(type.id)!;
}

/**
 * The company's count of changes of what the counts read (`stats_epochs.n`, bumped by the triggers
 * of migration 0046 in a company with a certification type; decision 033).
 */
export async function changesCount(tx: Tx, companyId: string) {
  const [r] = await rows<{ n: string }>(
    tx,
    sql`SELECT coalesce((SELECT n FROM stats_epochs WHERE company_id = ${companyId}), 0)::text AS n`,
  );
  return r?.n ?? '0';
}
