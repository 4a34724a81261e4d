import { REALTIME_TICKET_TTL_SECONDS } from '@wac/shared/realtime';
import type { RealtimeTicket } from '@wac/shared/schemas/realtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { SocketAccess, SocketGrant } from '../../plugins/socket';
import * as repo from './realtime.repository';

/** A short, single-use ticket for opening one socket on this Host, bound to the caller's session. */
export async function issueTicket(app: FastifyInstance, request: FastifyRequest): Promise<RealtimeTicket> {
  const principal = request.principal!;
  const ticket = randomToken();
  const expiresAt = new Date(Date.now() + REALTIME_TICKET_TTL_SECONDS * 1000);
  await app.db.system((tx) =>
    repo.insertTicket(
      tx,
      sha256(ticket),
      { userId: principal.userId, sessionId: principal.sessionId, companyId: request.company?.id ?? null },
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
export function originAllowed(app: FastifyInstance, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const protocols = app.config.publicProtocol === 'https' ? ['https:'] : ['http:', 'https:'];
  if (!protocols.includes(url.protocol)) return false;
  const expected = request.company ? `${request.company.subDomain}.${app.config.baseDomain}` : app.config.baseDomain;
  return url.hostname === expected;
}

/** Checks Origin and redeems the ticket of a socket upgrade; what the socket may do follows from the grant. */
export async function admitSocket(app: FastifyInstance, request: FastifyRequest, ticket: string): Promise<SocketGrant> {
  if (!originAllowed(app, request)) throw new AppError('ORIGIN_NOT_ALLOWED');
  const grant = await app.db.system((tx) => repo.redeemTicket(tx, sha256(ticket)));
  // A ticket works only on the Host it was issued on.
  if (!grant || grant.companyId !== (request.company?.id ?? null)) throw new AppError('TICKET_INVALID');
  const live = await app.db.system((tx) => repo.liveSessionIds(tx, [grant.sessionId]));
  if (!live.has(grant.sessionId)) throw new AppError('SESSION_REVOKED');
  return grant;
}

export function createSocketAccess(db: Database): SocketAccess {
  return {
    liveSessions: (ids) => db.system((tx) => repo.liveSessionIds(tx, ids)),
    companyReaders: (companyId, userIds) => db.system((tx) => repo.companyReaders(tx, companyId, userIds)),
  };
}
