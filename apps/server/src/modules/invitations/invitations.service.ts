import type { Language } from '@wac/shared/constants';
import { companyChannel, userChannel } from '@wac/shared/realtime';
import type { InvitationCreate } from '@wac/shared/schemas/invitations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { iso } from '../../lib/sql';
import type { TenantCtx } from '../members/members.service';
import { companyUrl, invitationMail } from './invitation-mail';
import * as repo from './invitations.repository';

export const INVITATION_TTL_MS = 7 * 86_400_000;

export const toInvitation = (r: repo.InvitationRow) => ({
  uuid: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  roles: r.roles,
  status: r.status === 'pending' && new Date(r.expires_at) <= new Date() ? 'expired' : r.status,
  expiresAt: iso(r.expires_at)!,
  createdAt: iso(r.created_at)!,
});

export interface CompanyRef {
  id: string;
  name: string;
  subDomain: string;
}

export interface PendingMail {
  to: string;
  token: string;
}

/**
 * Creates one invitation inside the caller's transaction and returns the mail to send after commit.
 * 256-bit random token, only its SHA-256 stored, valid 7 days.
 */
export async function createInTx(
  tx: Tx,
  request: FastifyRequest,
  companyId: string,
  input: InvitationCreate,
): Promise<{ invitation: repo.InvitationRow; mail: PendingMail }> {
  if (await repo.isMemberByEmail(tx, companyId, input.email)) throw new AppError('ALREADY_MEMBER');
  if (await repo.pendingFor(tx, companyId, input.email)) throw new AppError('INVITATION_PENDING');
  const token = randomToken();
  const invitation = await repo.insert(tx, {
    companyId,
    email: input.email,
    roles: input.roles,
    firstName: input.firstName,
    lastName: input.lastName,
    tokenHash: sha256(token),
    invitedBy: request.principal?.userId ?? null,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  await audit(tx, request, {
    action: 'invitation.create',
    targetType: 'invitation',
    targetId: invitation.id,
    companyId,
    after: { email: input.email, roles: input.roles },
  });
  return { invitation, mail: { to: input.email, token } };
}

export async function sendInvitationMail(app: FastifyInstance, lang: Language, company: CompanyRef, mail: PendingMail) {
  const link = companyUrl(app.config, company.subDomain, `/admin/invitations/${mail.token}`);
  await app.mailer.send({ to: mail.to, ...invitationMail(lang, company.name, link) });
}

export async function invite(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  company: CompanyRef,
  input: InvitationCreate,
) {
  const { invitation, mail } = await ctx.run((tx) => createInTx(tx, request, ctx.companyId, input));
  await sendInvitationMail(app, request.lang, company, mail);
  await app.bus.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'invitations' });
  return toInvitation(invitation);
}

export async function list(
  ctx: TenantCtx,
  q: { page: number; itemsPerPage: number; search?: string; sort: 'createdAt' | 'email'; order: 'asc' | 'desc' },
) {
  const { data, totalItems } = await ctx.run((tx) =>
    repo.list(tx, ctx.companyId, q.search, q.sort, q.order === 'desc', q.page, q.itemsPerPage),
  );
  return { data: data.map(toInvitation), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
}

export async function resend(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  company: CompanyRef,
  id: string,
) {
  const token = randomToken();
  const inv = await ctx.run(async (tx) => {
    const inv = await repo.findById(tx, ctx.companyId, id);
    if (inv?.status !== 'pending') throw new AppError('NOT_FOUND');
    // A new token: the old link stops working, and the 7 days start again.
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    await repo.renew(tx, inv.id, sha256(token), expiresAt);
    await audit(tx, request, {
      action: 'invitation.resend',
      targetType: 'invitation',
      targetId: inv.id,
      companyId: ctx.companyId,
    });
    return { ...inv, expires_at: expiresAt };
  });
  await sendInvitationMail(app, request.lang, company, { to: inv.email, token });
  return toInvitation(inv);
}

export async function cancel(app: FastifyInstance, request: FastifyRequest, ctx: TenantCtx, id: string) {
  await ctx.run(async (tx) => {
    const inv = await repo.findById(tx, ctx.companyId, id);
    if (inv?.status !== 'pending') throw new AppError('NOT_FOUND');
    await repo.setStatus(tx, inv.id, 'cancelled');
    await audit(tx, request, {
      action: 'invitation.cancel',
      targetType: 'invitation',
      targetId: inv.id,
      companyId: ctx.companyId,
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
  });
  await app.bus.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'invitations' });
}

type Found = NonNullable<Awaited<ReturnType<typeof repo.findByTokenHash>>>;

/** A live invitation by its token; on a company host it must be that company's. */
async function live(tx: Tx, request: FastifyRequest, token: string): Promise<Found> {
  const inv = await repo.findByTokenHash(tx, sha256(token));
  if (
    inv?.status !== 'pending' ||
    new Date(inv.expires_at) <= new Date() ||
    !inv.company_enabled ||
    (request.company && request.company.id !== inv.company_id)
  ) {
    throw new AppError('INVITATION_INVALID');
  }
  return inv;
}

export async function describe(app: FastifyInstance, request: FastifyRequest, token: string) {
  return app.db.system(async (tx) => {
    const inv = await live(tx, request, token);
    const existing = await repo.findUserByEmail(tx, inv.email);
    return {
      email: inv.email,
      firstName: inv.first_name,
      lastName: inv.last_name,
      company: { uuid: inv.company_id, name: inv.company_name, subDomain: inv.sub_domain, logo: inv.logo },
      invitedBy:
        inv.inviter_first_name === null
          ? null
          : { firstName: inv.inviter_first_name, lastName: inv.inviter_last_name ?? '' },
      existingUser: !!existing,
      expiresAt: iso(inv.expires_at)!,
    };
  });
}

async function join(request: FastifyRequest, tx: Tx, inv: Found, userId: string) {
  const membershipId = await repo.addMembership(tx, inv.company_id, userId, inv.roles);
  if (!membershipId) throw new AppError('ALREADY_MEMBER');
  await repo.setStatus(tx, inv.id, 'accepted');
  await audit(tx, request, {
    action: 'invitation.accept',
    targetType: 'invitation',
    targetId: inv.id,
    companyId: inv.company_id,
    after: { userId, roles: inv.roles },
  });
  return { company: { uuid: inv.company_id, name: inv.company_name, subDomain: inv.sub_domain }, userUuid: userId };
}

async function notifyJoined(app: FastifyInstance, companyId: string, userId: string) {
  await app.bus.publish(companyChannel(companyId), { type: 'listing_changed', resource: 'members' });
  await app.bus.publish(userChannel(userId), { type: 'membership_updated', companyUuid: companyId });
}

/** A new person: sets names and a password; the account and the membership are created together. */
export async function acceptAsNewUser(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  body: { firstName: string; lastName: string; password: string },
) {
  const passwordHash = await hashPassword(body.password);
  const result = await app.db.system(async (tx) => {
    const inv = await live(tx, request, token);
    // An existing account must sign in and accept, or anyone holding the link could take it over.
    if (await repo.findUserByEmail(tx, inv.email)) throw new AppError('EMAIL_TAKEN');
    const userId = await repo.createUser(tx, {
      email: inv.email,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      language: request.lang,
    });
    return join(request, tx, inv, userId);
  });
  await notifyJoined(app, result.company.uuid, result.userUuid);
  return result;
}

/** A signed-in person whose email is the invited one joins the company. */
export async function acceptAsUser(app: FastifyInstance, request: FastifyRequest, token: string) {
  const userId = request.principal!.userId;
  const result = await app.db.system(async (tx) => {
    const inv = await live(tx, request, token);
    const me = await repo.findUserByEmail(tx, inv.email);
    if (!me || me.id !== userId) throw new AppError('INVITATION_EMAIL_MISMATCH');
    return join(request, tx, inv, userId);
  });
  await notifyJoined(app, result.company.uuid, result.userUuid);
  return result;
}
