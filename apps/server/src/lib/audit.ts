import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the request's company; null for platform-level writes. */
  companyId?: string | null;
}

/** Records an admin write in the same transaction as the write itself. */
export async function audit(tx: Tx, request: FastifyRequest, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    companyId: entry.companyId === undefined ? (request.company?.id ?? null) : entry.companyId,
    actorUserId: request.principal?.userId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
}
