import type { Readable } from 'node:stream';
import { DEFAULT_PLAN, TRIAL_DAYS } from '@wac/shared/constants';
import { companyChannel, userChannel } from '@wac/shared/realtime';
import { type Ctx, forCompany } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { processImage } from '../../lib/images';
import { batches, iso, type KeysetCursor, keysetOf } from '../../lib/sql';
import * as files from '../files/files.service';
import { addMembershipInTx, createInTx } from '../invitations/invitations.service';
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
  invitationLimitHour: r.invitation_limit_hour,
  invitationLimitDay: r.invitation_limit_day,
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.CompanyRow) => {
  const { uuid: _u, createdAt: _c, version: _v, ...rest } = toCompany(r);
  return rest;
};

const isUniqueViolation = (e: unknown) => !!e && typeof e === 'object' && (e as { code?: string }).code === '23505';

export async function list(ctx: Ctx, q: Parameters<typeof repo.list>[1]) {
  const { data, totalItems } = await ctx.system((tx) => repo.list(tx, q));
  return {
    data: data.map((r) => ({ ...toCompany(r), memberCount: r.member_count })),
    page: q.page,
    itemsPerPage: q.itemsPerPage,
    totalItems,
  };
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
  'memberCount',
  'createdAt',
];

/** Every company of the filtered set as CSV, read in keyset batches of 1,000 (constant memory, no row cap). */
export function exportCompanies(ctx: Ctx, f: repo.CompanyFilter): Readable {
  const all = batches(
    (cursor: KeysetCursor | null, limit) => ctx.system((tx) => repo.batch(tx, f, cursor, limit)),
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
    r.member_count,
    iso(r.created_at),
  ]);
}

export async function get(ctx: Ctx, id: string) {
  const c = await ctx.system((tx) => repo.find(tx, id));
  if (!c) throw new AppError('NOT_FOUND');
  return toCompany(c);
}

/** Creates a company with its first admin: an existing user joins at once, anyone else is invited by mail. */
export async function create(
  ctx: Ctx,
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
    const { company, mail } = await ctx.system(async (tx) => {
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
      await ctx.audit(tx, {
        action: 'company.create',
        targetType: 'company',
        targetId: company.id,
        companyId: company.id,
        after: snapshot(company),
      });
      const existing = await repo.userByEmail(tx, body.admin.email);
      if (existing) {
        await addMembershipInTx(tx, { companyId: company.id, userId: existing.id, roles: ['admin'] });
        return { company, mail: null };
      }
      const { mail } = await createInTx(ctx, tx, {
        companyId: company.id,
        email: body.admin.email,
        roles: ['admin'],
        firstName: body.admin.firstName,
        lastName: body.admin.lastName,
      });
      return { company, mail };
    });
    return { ...toCompany(company), adminInvited: !!mail };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('SUBDOMAIN_TAKEN');
    throw e;
  }
}

export async function update(ctx: Ctx, { id, version, ...patch }: { id: string; version: number } & repo.CompanyPatch) {
  let updated: repo.CompanyRow;
  try {
    updated = await ctx.system(async (tx) => {
      const current = await repo.find(tx, id, true);
      if (!current) throw new AppError('NOT_FOUND');
      if (current.version !== version) throw new AppError('VERSION_CONFLICT');
      if (patch.subDomain && (await repo.subDomainTaken(tx, patch.subDomain, id)))
        throw new AppError('SUBDOMAIN_TAKEN');
      const next = await repo.update(tx, id, version, patch);
      if (!next) throw new AppError('VERSION_CONFLICT');
      await ctx.audit(tx, {
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
  await ctx.publish(companyChannel(id), { type: 'company_updated', companyUuid: id, enabled: updated.enabled });
  return toCompany(updated);
}

/** Replaces the logo: the upload is size-checked while streaming, sniffed, re-encoded, kept in the DB. */
export async function uploadLogo(
  ctx: Ctx,
  { id, bytes, version }: { id: string; bytes: Buffer; version: number | null },
) {
  const image = await processImage(bytes);
  const updated = await ctx.system(async (tx) => {
    const current = await repo.find(tx, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    const fileId = await files.storeInTx(tx, {
      purpose: 'logo',
      contentType: image.contentType,
      data: image.data,
      createdBy: ctx.actor.userId,
    });
    const next = (await repo.update(tx, id, current.version, { logo: files.fileUrl(fileId) }))!;
    const old = files.fileIdOf(current.logo);
    if (old) await files.deleteInTx(tx, old);
    await ctx.audit(tx, {
      action: 'company.logo',
      targetType: 'company',
      targetId: id,
      companyId: id,
      before: { logo: current.logo },
      after: { logo: next.logo },
    });
    return next;
  });
  await ctx.publish(companyChannel(id), { type: 'company_updated', companyUuid: id, enabled: updated.enabled });
  return toCompany(updated);
}

export async function assertExists(ctx: Ctx, id: string) {
  if (!(await ctx.system((tx) => repo.find(tx, id)))) throw new AppError('NOT_FOUND');
}

/**
 * From the platform: a person with an account joins the company at once, told live on their own
 * channel as any membership change is; an unknown email is UNKNOWN_EMAIL, or, with `invite`, an
 * invitation by mail.
 */
export async function addUser(
  ctx: Ctx,
  { companyId, ...body }: { companyId: string; email: string; roles: string[]; invite?: boolean },
) {
  const roles = [...new Set(body.roles)] as Array<'admin' | 'member'>;
  const inCompany = forCompany(ctx, companyId);
  const { mail, userId } = await inCompany.run(async (tx) => {
    const company = await repo.find(tx, companyId);
    if (!company) throw new AppError('NOT_FOUND');
    const existing = await repo.userByEmail(tx, body.email);
    if (existing) {
      if (!(await addMembershipInTx(tx, { companyId, userId: existing.id, roles }))) {
        throw new AppError('ALREADY_MEMBER');
      }
      await ctx.audit(tx, {
        action: 'member.add',
        targetType: 'user',
        targetId: existing.id,
        companyId,
        after: { roles },
      });
      return { company, mail: null, userId: existing.id };
    }
    if (!body.invite) throw new AppError('UNKNOWN_EMAIL');
    const { mail } = await createInTx(inCompany, tx, { companyId, email: body.email, roles });
    return { company, mail, userId: null };
  });
  if (userId) await ctx.publish(userChannel(userId), { type: 'membership_updated', companyUuid: companyId });
  await ctx.publish(companyChannel(companyId), { type: 'listing_changed', resource: 'members' });
  return { invited: !!mail, userUuid: userId };
}
