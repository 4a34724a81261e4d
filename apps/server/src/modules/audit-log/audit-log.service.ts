import type { Readable } from 'node:stream';
import type { TenantCtx } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import { batches, iso, keysetOf } from '../../lib/sql';
import * as repo from './audit-log.repository';

const toEntry = (r: repo.AuditRow) => ({
  uuid: r.id,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  targetName: r.target_name,
  targetPerson: r.target_person,
  actor: r.actor_user_id
    ? {
        uuid: r.actor_user_id,
        email: r.actor_email ?? '',
        firstName: r.actor_first_name ?? '',
        lastName: r.actor_last_name ?? '',
      }
    : null,
  before: r.before,
  after: r.after,
  ip: r.ip,
  userAgent: r.user_agent,
  createdAt: iso(r.created_at)!,
});

/** A page of the company's audit log, newest first, filtered by action, actor, date range. */
export async function list(
  ctx: TenantCtx,
  q: Parameters<typeof repo.list>[2] & { page: number; itemsPerPage: number },
) {
  const { data, totalItems, totalIsLowerBound } = await ctx.run((tx) =>
    repo.list(tx, ctx.companyId, q, q.page, q.itemsPerPage),
  );
  return { data: data.map(toEntry), page: q.page, itemsPerPage: q.itemsPerPage, totalItems, totalIsLowerBound };
}

export const AUDIT_CSV_HEADER = [
  'createdAt',
  'action',
  'targetType',
  'targetId',
  'targetName',
  'actorEmail',
  'ip',
  'before',
  'after',
];

/** The whole filtered log as CSV, read in keyset batches (constant memory, no row cap). */
export function exportEntries(ctx: TenantCtx, f: Parameters<typeof repo.batch>[2]): Readable {
  const all = batches(
    (cursor: repo.AuditCursor | null, limit) => ctx.run((tx) => repo.batch(tx, ctx.companyId, f, cursor, limit)),
    keysetOf,
  );
  return csvStream(AUDIT_CSV_HEADER, all, (r) => [
    iso(r.created_at),
    r.action,
    r.target_type,
    r.target_id,
    r.target_name,
    r.actor_email,
    r.ip,
    r.before === null ? '' : JSON.stringify(r.before),
    r.after === null ? '' : JSON.stringify(r.after),
  ]);
}

/** The audit trail of one object (oldest first, at most `limit` entries), each with its chain number and hashes. */
export async function trailOf(
  ctx: TenantCtx,
  f: { targetType: string; targetId: string; from?: string; to?: string },
  limit = 10_000,
) {
  const data = await ctx.run((tx) => repo.trailOf(tx, ctx.companyId, f, limit));
  return data.map((r) => ({ ...toEntry(r), seq: Number(r.seq), prevHash: r.prev_hash, hash: r.hash }));
}
