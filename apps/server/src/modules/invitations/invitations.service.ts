import { companyChannel, userChannel } from '@wac/shared/realtime';
import type { InvitationCreate } from '@wac/shared/schemas/invitations';
import type { Tx } from '../../db/client';
import { actingUser, type Ctx, type HostCompany, type TenantCtx } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { enqueue } from '../../lib/jobs/queue';
import { writeInvitedRecordInTx } from '../employees/employee-import.service';
import { hashNewPassword } from '../../lib/password';
import { iso } from '../../lib/sql';
import { quotaLeft, spendQuota } from './invitation-quota';

export { quotaLeft };
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
  ctx: Ctx,
  tx: Tx,
  {
    companyId,
    employee,
    ...input
  }: InvitationCreate & { companyId: string; employee?: Record<string, unknown> | null },
): Promise<{ invitation: repo.InvitationRow; mail: PendingMail }> {
  const refusal = await refusalInTx(tx, { companyId, email: input.email });
  if (refusal) throw new AppError(refusal);
  const token = randomToken();
  const invitation = await repo.insert(tx, {
    companyId,
    email: input.email,
    roles: input.roles,
    firstName: input.firstName,
    lastName: input.lastName,
    tokenHash: sha256(token),
    invitedBy: ctx.actor.userId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    employee,
  });
  await ctx.audit(tx, {
    action: 'invitation.create',
    targetType: 'invitation',
    targetId: invitation.id,
    companyId,
    after: { email: input.email, roles: input.roles },
  });
  await queueInvitationMail(ctx, tx, { companyId, invitationId: invitation.id, token });
  return { invitation, mail: { to: input.email, token } };
}

export const INVITATION_MAIL_JOB = 'invitation.mail';

/**
 * The invitation mail as a job, in the transaction that creates (or renews) the invitation: no mail
 * for a rolled-back invitation, no invitation without its mail. The token travels in the job's
 * secret, cleared once sent; the key makes one mail per token.
 */
export async function queueInvitationMail(
  ctx: Ctx,
  tx: Tx,
  {
    companyId,
    invitationId,
    token,
    batchId,
  }: { companyId: string; invitationId: string; token: string; batchId?: string },
) {
  await spendQuota(ctx, tx, companyId);
  await enqueue(tx, {
    type: INVITATION_MAIL_JOB,
    companyId,
    payload: { invitationId, lang: ctx.actor.lang },
    secret: { token },
    key: `${INVITATION_MAIL_JOB}:${invitationId}:${sha256(token).slice(0, 16)}`,
    batchId,
  });
}

/** Why an address cannot be invited to a company now (inside the caller's transaction), or null. */
export async function refusalInTx(tx: Tx, { companyId, email }: { companyId: string; email: string }) {
  await repo.lockInviting(tx, companyId);
  if (await repo.isMemberByEmail(tx, companyId, email)) return 'ALREADY_MEMBER' as const;
  if (await repo.pendingFor(tx, companyId, email)) return 'INVITATION_PENDING' as const;
  return null;
}

/** Makes a person a member of a company inside the caller's transaction; null when they already were. */
export const addMembershipInTx = (tx: Tx, input: { companyId: string; userId: string; roles: string[] }) =>
  repo.addMembership(tx, input.companyId, input.userId, input.roles);

/** The Host's company, which the company admin's invitation routes act on. */
const hostOf = (ctx: Ctx): HostCompany => {
  if (!ctx.host) throw new AppError('NOT_FOUND');
  return ctx.host;
};

export async function invite(ctx: TenantCtx, input: InvitationCreate) {
  hostOf(ctx);
  const { invitation } = await ctx.run((tx) => createInTx(ctx, tx, { ...input, companyId: ctx.companyId }));
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'invitations' });
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

export async function resend(ctx: TenantCtx, id: string) {
  const token = randomToken();
  const inv = await ctx.run(async (tx) => {
    const inv = await repo.findById(tx, ctx.companyId, id);
    if (inv?.status !== 'pending') throw new AppError('NOT_FOUND');
    // A new token: the old link stops working, and the 7 days start again.
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    await repo.renew(tx, inv.id, sha256(token), expiresAt);
    await ctx.audit(tx, {
      action: 'invitation.resend',
      targetType: 'invitation',
      targetId: inv.id,
      companyId: ctx.companyId,
    });
    await queueInvitationMail(ctx, tx, { companyId: ctx.companyId, invitationId: inv.id, token });
    return { ...inv, expires_at: expiresAt };
  });
  return toInvitation(inv);
}

export async function cancel(ctx: TenantCtx, id: string) {
  await ctx.run(async (tx) => {
    const inv = await repo.findById(tx, ctx.companyId, id);
    if (inv?.status !== 'pending') throw new AppError('NOT_FOUND');
    await repo.setStatus(tx, inv.id, 'cancelled');
    await ctx.audit(tx, {
      action: 'invitation.cancel',
      targetType: 'invitation',
      targetId: inv.id,
      companyId: ctx.companyId,
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
  });
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'invitations' });
}

type Found = NonNullable<Awaited<ReturnType<typeof repo.findByTokenHash>>>;

/** A live invitation by its token; on a company host it must be that company's. */
async function live(ctx: Ctx, tx: Tx, token: string, lock = true): Promise<Found> {
  const inv = await repo.findByTokenHash(tx, sha256(token), lock);
  if (
    inv?.status !== 'pending' ||
    new Date(inv.expires_at) <= new Date() ||
    !inv.company_enabled ||
    (ctx.host && ctx.host.id !== inv.company_id)
  ) {
    throw new AppError('INVITATION_INVALID');
  }
  return inv;
}

export async function describe(ctx: Ctx, token: string) {
  return ctx.system(async (tx) => {
    const inv = await live(ctx, tx, token, false);
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

async function join(ctx: Ctx, tx: Tx, inv: Found, userId: string) {
  const membershipId = await repo.addMembership(tx, inv.company_id, userId, inv.roles);
  if (!membershipId) throw new AppError('ALREADY_MEMBER');
  await repo.setStatus(tx, inv.id, 'accepted');
  if (inv.employee) await writeInvitedRecordInTx(ctx, tx, { companyId: inv.company_id, userId, record: inv.employee });
  await ctx.audit(tx, {
    action: 'invitation.accept',
    targetType: 'invitation',
    targetId: inv.id,
    companyId: inv.company_id,
    // The person who accepted, also when this transaction just made their account (no one signed in).
    actorUserId: userId,
    after: { userId, roles: inv.roles },
  });
  return { company: { uuid: inv.company_id, name: inv.company_name, subDomain: inv.sub_domain }, userUuid: userId };
}

async function notifyJoined(ctx: Ctx, companyId: string, userId: string) {
  await ctx.publish(companyChannel(companyId), { type: 'listing_changed', resource: 'members' });
  await ctx.publish(userChannel(userId), { type: 'membership_updated', companyUuid: companyId });
}

/** A new person: sets names and a password; the account and the membership are created together. */
export async function acceptAsNewUser(
  ctx: Ctx,
  { token, ...body }: { token: string; firstName: string; lastName: string; password: string },
) {
  // An existing account must sign in and accept, or anyone holding the link could take it over.
  const acceptable = async (tx: Tx) => {
    const inv = await live(ctx, tx, token);
    if (await repo.findUserByEmail(tx, inv.email)) throw new AppError('EMAIL_TAKEN');
    return inv;
  };
  // The link is judged before the password, and the password is hashed outside the transaction
  // that takes the invitation (which checks the link again).
  await ctx.system(acceptable);
  const passwordHash = await hashNewPassword(body.password);
  const result = await ctx.system(async (tx) => {
    const inv = await acceptable(tx);
    const userId = await repo.createUser(tx, {
      email: inv.email,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      language: ctx.actor.lang,
    });
    return join(ctx, tx, inv, userId);
  });
  await notifyJoined(ctx, result.company.uuid, result.userUuid);
  return result;
}

/** A signed-in person whose email is the invited one joins the company. */
export async function acceptAsUser(ctx: Ctx, token: string) {
  const userId = actingUser(ctx);
  const result = await ctx.system(async (tx) => {
    const inv = await live(ctx, tx, token);
    const me = await repo.findUserByEmail(tx, inv.email);
    if (!me || me.id !== userId) throw new AppError('INVITATION_EMAIL_MISMATCH');
    return join(ctx, tx, inv, userId);
  });
  await notifyJoined(ctx, result.company.uuid, result.userUuid);
  return result;
}
