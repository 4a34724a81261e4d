import type { CompanyProfile } from '@wac/shared/schemas/users';
import { actingUser, type Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './users.repository';

/** A user reads their own record; a super admin reads anyone's. */
function assertSelfOrSuperAdmin(ctx: Ctx, uuid: string) {
  const userId = actingUser(ctx);
  if (userId !== uuid && !ctx.actor.globalRoles.includes('super_admin')) throw new AppError('FORBIDDEN');
}

export function toPublicUser(u: NonNullable<Awaited<ReturnType<typeof repo.findUser>>>) {
  return {
    uuid: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    avatar: u.avatar,
    language: u.language,
    roles: u.roles,
    version: u.version,
  };
}

export async function getUser(ctx: Ctx, uuid: string) {
  assertSelfOrSuperAdmin(ctx, uuid);
  const user = await ctx.system((tx) => repo.findUser(tx, uuid));
  if (!user) throw new AppError('NOT_FOUND');
  return toPublicUser(user);
}

export async function getProfiles(
  ctx: Ctx,
  { uuid, page, itemsPerPage }: { uuid: string; page: number; itemsPerPage: number },
) {
  assertSelfOrSuperAdmin(ctx, uuid);
  // One's own memberships under row-level security; a super admin reads anyone's across companies.
  const run = ctx.actor.userId === uuid ? ctx.runOwn : ctx.system;
  const { rows, totalItems } = await run((tx) => repo.listProfiles(tx, uuid, page, itemsPerPage));
  const data: CompanyProfile[] = rows.map((r) => ({
    uuid: r.uuid,
    enabled: r.enabled,
    roles: r.roles.map((name) => ({ name })),
    company: {
      uuid: r.companyUuid,
      name: r.companyName,
      logo: r.logo,
      subDomain: r.subDomain,
      enabled: r.companyEnabled,
    },
    schedulingEnabled: r.schedulingEnabled,
    emailEnabled: r.emailEnabled,
    videoCallEnabled: r.videoCallEnabled,
  }));
  return { data, page, itemsPerPage, totalItems };
}
