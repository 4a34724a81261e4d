import type { CompanyProfile } from '@wac/shared/schemas/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import * as repo from './users.repository';

/** A user reads their own record; a super admin reads anyone's. */
function assertSelfOrSuperAdmin(request: FastifyRequest, uuid: string) {
  const p = request.principal;
  if (!p) throw new AppError('UNAUTHENTICATED');
  if (p.userId !== uuid && !p.globalRoles.includes('super_admin')) throw new AppError('FORBIDDEN');
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

export async function getUser(app: FastifyInstance, request: FastifyRequest, uuid: string) {
  assertSelfOrSuperAdmin(request, uuid);
  const user = await app.db.system((tx) => repo.findUser(tx, uuid));
  if (!user) throw new AppError('NOT_FOUND');
  return toPublicUser(user);
}

export async function getProfiles(
  app: FastifyInstance,
  request: FastifyRequest,
  uuid: string,
  page: number,
  itemsPerPage: number,
) {
  assertSelfOrSuperAdmin(request, uuid);
  const self = request.principal?.userId === uuid;
  const run = self
    ? <T>(fn: Parameters<typeof app.db.system<T>>[0]) => app.db.scoped({ userId: uuid }, fn)
    : <T>(fn: Parameters<typeof app.db.system<T>>[0]) => app.db.system(fn);
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
