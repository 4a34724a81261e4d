import { asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, memberships, users } from '../../db/schema/index';

export async function findUser(tx: Tx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** A user's memberships across companies (RLS lets a user read their own rows). */
export async function listProfiles(tx: Tx, userId: string, page: number, itemsPerPage: number) {
  const rows = await tx
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
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);
  const [total] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
  return { rows, totalItems: total?.n ?? 0 };
}

export async function companyIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: memberships.companyId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  return rows.map((r) => r.id);
}
