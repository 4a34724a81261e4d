import { REALTIME_TICKET_TTL_SECONDS } from '@wac/shared/realtime';
import type { RealtimeTicket } from '@wac/shared/schemas/realtime';
import { actingUser, type Ctx, type Infra } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { isSameOrigin } from '../../lib/origin';
import type { SocketAccess, SocketGrant } from '../../lib/socket-access';
import * as repo from './realtime.repository';

/** A short, single-use ticket for opening one socket on this Host, bound to the caller's session. */
export async function issueTicket(ctx: Ctx): Promise<RealtimeTicket> {
  const userId = actingUser(ctx);
  const ticket = randomToken();
  const expiresAt = new Date(Date.now() + REALTIME_TICKET_TTL_SECONDS * 1000);
  await ctx.system((tx) =>
    repo.insertTicket(
      tx,
      sha256(ticket),
      { userId, sessionId: ctx.actor.sessionId!, companyId: ctx.host?.id ?? null },
      expiresAt,
    ),
  );
  return { ticket, expiresIn: REALTIME_TICKET_TTL_SECONDS };
}

/**
 * The browser sends the page's Origin with every WebSocket upgrade: only a page of this very
 * company's sub-domain (or of the base domain, for a socket opened there) may connect, so a
 * foreign site cannot ride on a visitor's ticket.
 */
export function originAllowed(ctx: Ctx, origin: string | undefined, hostHeader: string | undefined): boolean {
  return isSameOrigin(ctx.infra.config, ctx.host?.subDomain ?? null, hostHeader, origin);
}

/** Checks Origin and redeems the ticket of a socket upgrade; what the socket may do follows from the grant. */
export async function admitSocket(
  ctx: Ctx,
  { origin, hostHeader, ticket }: { origin: string | undefined; hostHeader: string | undefined; ticket: string },
): Promise<SocketGrant> {
  if (!originAllowed(ctx, origin, hostHeader)) throw new AppError('ORIGIN_NOT_ALLOWED');
  const companyId = ctx.host?.id ?? null;
  // A ticket works only on the Host it was issued on; presented elsewhere it is refused unspent.
  const grant = await ctx.system((tx) => repo.redeemTicket(tx, sha256(ticket), companyId));
  if (!grant) throw new AppError('TICKET_INVALID');
  const live = await ctx.system((tx) => repo.liveSessionIds(tx, [grant.sessionId]));
  if (!live.has(grant.sessionId)) throw new AppError('SESSION_REVOKED');
  // A disabled member (or one of a disabled company) is refused here as every route refuses him.
  if (!companyId) return { ...grant, present: false };
  const readers = await ctx.system((tx) => repo.companyReaders(tx, companyId, [grant.userId]));
  if (!readers.has(grant.userId)) throw new AppError('ACCOUNT_DISABLED');
  const present = await ctx.system((tx) => repo.isEnabledMember(tx, companyId, grant.userId));
  return { ...grant, present };
}

/** What the socket hub asks the database, given to the hub when the app is built. */
export function createSocketAccess({ db }: Pick<Infra, 'db'>): SocketAccess {
  return {
    liveSessions: (ids) => db.system((tx) => repo.liveSessionIds(tx, ids)),
    companyReaders: (companyId, userIds) => db.system((tx) => repo.companyReaders(tx, companyId, userIds)),
  };
}
