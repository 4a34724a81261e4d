import { asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { builtOnce } from '../../db/sql';
import { companies, memberships, users } from '../../db/schema/index';
import { pageTotal } from '../../lib/sql';

export async function findUser(tx: Tx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** A user's memberships across companies (RLS lets a user read their own rows). */
export async function listProfiles(tx: Tx, userId: string, page: number, itemsPerPage: number) {
  // Prepared by name, and built once per connection (builtOnce): planning this join under row-level
  // security cost more than running it (0.3 ms of the database's time per call), and it leaves
  // with BEGIN in one round trip (decision 026).
  const pageOf = builtOnce(tx, 'users_profiles_page', (t) =>
    t
      .select({
        uuid: memberships.id,
        enabled: memberships.enabled,
        roles: memberships.roles,
        schedulingEnabled: memberships.schedulingEnabled,
        emailEnabled: memberships.emailEnabled,
        videoCallEnabled: memberships.videoCallEnabled,
        companyUuid: companies.id,
        companyName: companies.name,
        logo: companies.logo,
        subDomain: companies.subDomain,
        companyEnabled: companies.enabled,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(eq(memberships.userId, sql.placeholder('userId')))
      .orderBy(asc(memberships.createdAt), asc(memberships.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('users_profiles_page'),
  );
  const rows = await pageOf.execute({ userId, limit: itemsPerPage, offset: (page - 1) * itemsPerPage });
  const totalItems = await pageTotal({ page, itemsPerPage }, rows.length, async () => {
    const [total] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
    return total?.n ?? 0;
  });
  return { rows, totalItems };
}

export async function companyIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: memberships.companyId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  return rows.map((r) => r.id);
}
