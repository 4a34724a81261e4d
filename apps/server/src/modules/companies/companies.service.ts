import type { Readable } from 'node:stream';
import { DEFAULT_PLAN, TRIAL_DAYS } from '@wac/shared/constants';
import { companyChannel } from '@wac/shared/realtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { processImage, readUpload, uploadedFile } from '../../lib/images';
import { batches, iso, type KeysetCursor, keysetOf } from '../../lib/sql';
import { deleteFile, fileIdOf, fileUrl, insertFile } from '../files/files.repository';
import { createInTx, sendInvitationMail } from '../invitations/invitations.service';
import { addMembership } from '../invitations/invitations.repository';
import * as repo from './companies.repository';

export const toCompany = (r: repo.CompanyRow) => ({
  uuid: r.id,
  name: r.name,
  title: r.title,
  description: r.description,
  subDomain: r.sub_domain,
  logo: r.logo,
  enabled: r.enabled,
  plan: r.plan,
  trialEndsAt: iso(r.trial_ends_at),
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.CompanyRow) => {
  const { uuid: _u, createdAt: _c, version: _v, ...rest } = toCompany(r);
  return rest;
};

const isUniqueViolation = (e: unknown) => !!e && typeof e === 'object' && (e as { code?: string }).code === '23505';

export async function list(app: FastifyInstance, q: Parameters<typeof repo.list>[1]) {
  const { data, totalItems } = await app.db.system((tx) => repo.list(tx, q));
  return { data: data.map(toCompany), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
}

export const COMPANY_CSV_HEADER = [
  'uuid',
  'name',
  'subDomain',
  'title',
  'plan',
  'trialEndsAt',
  'enabled',
  'accountType',
  'createdAt',
];

/** Every company of the filtered set as CSV, read in keyset batches of 1,000 (constant memory, no row cap). */
export function exportCompanies(app: FastifyInstance, f: repo.CompanyFilter): Readable {
  const all = batches(
    (cursor: KeysetCursor | null, limit) => app.db.system((tx) => repo.batch(tx, f, cursor, limit)),
    keysetOf,
  );
  return csvStream(COMPANY_CSV_HEADER, all, (r) => [
    r.id,
    r.name,
    r.sub_domain,
    r.title,
    r.plan,
    iso(r.trial_ends_at),
    r.enabled,
    r.account_type,
    iso(r.created_at),
  ]);
}

export async function get(app: FastifyInstance, id: string) {
  const c = await app.db.system((tx) => repo.find(tx, id));
  if (!c) throw new AppError('NOT_FOUND');
  return toCompany(c);
}

/** Creates a company with its first admin: an existing user joins at once, anyone else is invited by mail. */
export async function create(
  app: FastifyInstance,
  request: FastifyRequest,
  body: {
    name: string;
    title?: string;
    description?: string;
    subDomain: string;
    plan?: string;
    trialEndsAt?: string | null;
    admin: { email: string; firstName?: string; lastName?: string };
  },
) {
  try {
    const { company, mail } = await app.db.system(async (tx) => {
      if (await repo.subDomainTaken(tx, body.subDomain)) throw new AppError('SUBDOMAIN_TAKEN');
      const company = await repo.insert(tx, {
        name: body.name,
        title: body.title ?? body.name,
        description: body.description ?? null,
        subDomain: body.subDomain,
        plan: body.plan ?? DEFAULT_PLAN,
        trialEndsAt:
          body.trialEndsAt === undefined
            ? new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString()
            : body.trialEndsAt,
      });
      await audit(tx, request, {
        action: 'company.create',
        targetType: 'company',
        targetId: company.id,
        companyId: company.id,
        after: snapshot(company),
      });
      const existing = await repo.userByEmail(tx, body.admin.email);
      if (existing) {
        await addMembership(tx, company.id, existing.id, ['admin']);
        return { company, mail: null };
      }
      const { mail } = await createInTx(tx, request, company.id, {
        email: body.admin.email,
        roles: ['admin'],
        firstName: body.admin.firstName,
        lastName: body.admin.lastName,
      });
      return { company, mail };
    });
    if (mail) {
      await sendInvitationMail(
        app,
        request.lang,
        { id: company.id, name: company.name, subDomain: company.sub_domain },
        mail,
      );
    }
    return { ...toCompany(company), adminInvited: !!mail };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('SUBDOMAIN_TAKEN');
    throw e;
  }
}

export async function update(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: { version: number } & repo.CompanyPatch,
) {
  const { version, ...patch } = body;
  let updated: repo.CompanyRow;
  try {
    updated = await app.db.system(async (tx) => {
      const current = await repo.find(tx, id, true);
      if (!current) throw new AppError('NOT_FOUND');
      if (current.version !== version) throw new AppError('VERSION_CONFLICT');
      if (patch.subDomain && (await repo.subDomainTaken(tx, patch.subDomain, id)))
        throw new AppError('SUBDOMAIN_TAKEN');
      const next = await repo.update(tx, id, version, patch);
      if (!next) throw new AppError('VERSION_CONFLICT');
      await audit(tx, request, {
        action: 'company.update',
        targetType: 'company',
        targetId: id,
        companyId: id,
        before: snapshot(current),
        after: snapshot(next),
      });
      return next;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('SUBDOMAIN_TAKEN');
    throw e;
  }
  await app.bus.publish(companyChannel(id), { type: 'company_updated', companyUuid: id, enabled: updated.enabled });
  return toCompany(updated);
}

/** Replaces the logo: the upload is size-checked while streaming, sniffed, re-encoded, kept in the DB. */
export async function uploadLogo(app: FastifyInstance, request: FastifyRequest, id: string, version: number | null) {
  const image = await processImage(await readUpload(await uploadedFile(request)));
  const updated = await app.db.system(async (tx) => {
    const current = await repo.find(tx, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    const fileId = await insertFile(tx, {
      purpose: 'logo',
      contentType: image.contentType,
      data: image.data,
      createdBy: request.principal?.userId ?? null,
    });
    const next = (await repo.update(tx, id, current.version, { logo: fileUrl(fileId) }))!;
    const old = fileIdOf(current.logo);
    if (old) await deleteFile(tx, old);
    await audit(tx, request, {
      action: 'company.logo',
      targetType: 'company',
      targetId: id,
      companyId: id,
      before: { logo: current.logo },
      after: { logo: next.logo },
    });
    return next;
  });
  await app.bus.publish(companyChannel(id), { type: 'company_updated', companyUuid: id, enabled: updated.enabled });
  return toCompany(updated);
}

export async function assertExists(app: FastifyInstance, id: string) {
  if (!(await app.db.system((tx) => repo.find(tx, id)))) throw new AppError('NOT_FOUND');
}

/** From the platform: an existing user joins the company at once; anyone else is invited by mail. */
export async function addUser(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: string,
  body: { email: string; roles: string[] },
) {
  const roles = [...new Set(body.roles)] as Array<'admin' | 'member'>;
  const { company, mail, userId } = await app.db.scoped(
    { companyId, userId: request.principal?.userId ?? null },
    async (tx) => {
      const company = await repo.find(tx, companyId);
      if (!company) throw new AppError('NOT_FOUND');
      const existing = await repo.userByEmail(tx, body.email);
      if (existing) {
        if (!(await addMembership(tx, companyId, existing.id, roles))) throw new AppError('ALREADY_MEMBER');
        await audit(tx, request, {
          action: 'member.add',
          targetType: 'user',
          targetId: existing.id,
          companyId,
          after: { roles },
        });
        return { company, mail: null, userId: existing.id };
      }
      const { mail } = await createInTx(tx, request, companyId, { email: body.email, roles });
      return { company, mail, userId: null };
    },
  );
  if (mail)
    await sendInvitationMail(
      app,
      request.lang,
      { id: company.id, name: company.name, subDomain: company.sub_domain },
      mail,
    );
  await app.bus.publish(companyChannel(companyId), { type: 'listing_changed', resource: 'members' });
  return { invited: !!mail, userUuid: userId };
}
