import type { Readable } from 'node:stream';
import type { TenantCtx } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { batches, iso, keysetOf } from '../../lib/sql';
import { trailOf } from '../audit-log/audit-log.service';
import * as acks from './acknowledgements.repository';
import * as repo from './policies.repository';
import { toPolicy, toVersion } from './policies.service';

/**
 * Evidence for an auditor, for one policy and a date range: a JSON manifest (the policy, every
 * version with the SHA-256 of its content, how many acknowledged each, and the policy's audit trail
 * with each entry's place and hashes in the company's tamper-evident chain) and a CSV of every
 * acknowledgement (who, which version, the hash of what they were shown, when, from where).
 */

export interface EvidenceRange {
  from?: string;
  to?: string;
}

export async function manifest(ctx: TenantCtx, { id, ...range }: EvidenceRange & { id: string }) {
  const found = await ctx.run(async (tx) => {
    const policy = await repo.find(tx, ctx.companyId, id);
    if (!policy) return null;
    const versions = await repo.versions(tx, ctx.companyId, id);
    const counts = await acks.acknowledgementCounts(tx, ctx.companyId, id, range);
    return { policy, versions, counts };
  });
  if (!found) throw new AppError('NOT_FOUND');
  const audit = await trailOf(ctx, { targetType: 'policy', targetId: id, ...range });
  const byVersion = new Map(found.counts.map((c) => [c.version_number, c.n]));
  return {
    format: 'wac-policy-evidence/1' as const,
    generatedAt: new Date().toISOString(),
    range: { from: range.from ?? null, to: range.to ?? null },
    policy: toPolicy(found.policy),
    versions: found.versions.map((v) => ({ ...toVersion(v), acknowledgements: byVersion.get(v.number) ?? 0 })),
    files: [{ name: 'acknowledgements.csv', path: `/api/policies/${id}/evidence/acknowledgements.csv` }],
    auditTrail: audit,
  };
}

export const ACK_CSV_HEADER = [
  'acknowledgedAt',
  'version',
  'contentSha256',
  'personUuid',
  'email',
  'firstName',
  'lastName',
  'ip',
  'userAgent',
  'acknowledgementUuid',
];

export async function acknowledgementsCsv(
  ctx: TenantCtx,
  { id, ...range }: EvidenceRange & { id: string },
): Promise<Readable> {
  if (!(await ctx.run((tx) => repo.find(tx, ctx.companyId, id)))) throw new AppError('NOT_FOUND');
  const all = batches(
    (cursor: { k: string; id: string } | null, limit) =>
      ctx.run((tx) => acks.acknowledgementsBatch(tx, ctx.companyId, id, range, cursor, limit)),
    keysetOf,
  );
  return csvStream(ACK_CSV_HEADER, all, (r) => [
    iso(r.acknowledged_at),
    r.version_number,
    r.content_sha256,
    r.user_id,
    r.email,
    r.first_name,
    r.last_name,
    r.ip,
    r.user_agent,
    r.id,
  ]);
}
