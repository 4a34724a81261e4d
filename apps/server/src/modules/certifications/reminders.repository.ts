import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';
import { currentRecord, employedOn, inAudience } from './certifications.repository';

/** Who the daily certification reminder mails, and what each mail says. */

/**
 * People to remind today: in a type's audience with its certification missing, expired, or
 * expiring within that type's own reminder window (one row per person).
 */
export function peopleToRemind(tx: Tx, companyId: string, today: string) {
  return rows<{ user_id: string }>(
    tx,
    sql`SELECT DISTINCT m.user_id
        FROM certification_types ct
        JOIN memberships m ON m.company_id = ct.company_id AND m.enabled
        ${currentRecord(sql`ct.id`)}
        WHERE ct.company_id = ${companyId} AND ${inAudience} AND ${employedOn(today)}
          AND (rec.id IS NULL OR rec.expires_on <= ${today}::date + ct.remind_days_before)
        ORDER BY m.user_id`,
  );
}

/** What one person's reminder says at sending time: their address and language, and each certification to renew. */
export async function reminderFor(tx: Tx, companyId: string, userId: string, today: string) {
  const [person] = await rows<{
    email: string;
    first_name: string;
    language: string | null;
    sub_domain: string;
    company: string;
  }>(
    tx,
    sql`SELECT u.email, u.first_name, u.language, c.sub_domain, c.name AS company
        FROM memberships m JOIN users u ON u.id = m.user_id JOIN companies c ON c.id = m.company_id
        WHERE m.company_id = ${companyId} AND m.user_id = ${userId} AND m.enabled`,
  );
  if (!person) return null;
  const items = await rows<{ name: string; expires_on: string | null }>(
    tx,
    sql`SELECT ct.name, to_char(rec.expires_on, 'YYYY-MM-DD') AS expires_on
        FROM certification_types ct
        JOIN memberships m ON m.company_id = ct.company_id AND m.user_id = ${userId} AND m.enabled
        ${currentRecord(sql`ct.id`)}
        WHERE ct.company_id = ${companyId} AND ${inAudience} AND ${employedOn(today)}
          AND (rec.id IS NULL OR rec.expires_on <= ${today}::date + ct.remind_days_before)
        ORDER BY rec.expires_on NULLS FIRST, lower(ct.name)`,
  );
  return { person, items };
}
