import type { PolicyAcknowledge } from '@wac/shared/schemas/policies';
import type { Tx } from '../../db/client';
import { actingUser, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/sql';
import * as acks from './acknowledgements.repository';
import * as repo from './policies.repository';
import { policiesChanged } from './policies.service';

/**
 * Self-service: the policies a member must read, and "I acknowledge". Every member may call these
 * for themselves; a policy outside their audience, archived or another company's does not exist
 * for them (NOT_FOUND), so nothing about it leaks.
 */

const toMine = (r: acks.MyPolicyRow) => ({
  uuid: r.id,
  title: r.title,
  category: r.category,
  number: r.number,
  versionUuid: r.version_id,
  bodyKind: r.body_kind,
  status: r.status,
  dueAt: iso(r.due_at),
  acknowledgedAt: iso(r.acknowledged_at),
  publishedAt: iso(r.published_at)!,
});

export async function mine(ctx: TenantCtx) {
  const userId = actingUser(ctx);
  const data = await ctx.run((tx) => acks.mine(tx, ctx.companyId, userId));
  return { data: data.map(toMine) };
}

async function oneOfMine(tx: Tx, ctx: TenantCtx, userId: string, id: string) {
  const [row] = await acks.mine(tx, ctx.companyId, userId, id);
  return row ?? null;
}

/** The current version of one of my policies, with the exact content (and its hash) I am shown. */
export async function myPolicy(ctx: TenantCtx, id: string) {
  const userId = actingUser(ctx);
  return ctx.run(async (tx) => {
    const row = await oneOfMine(tx, ctx, userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    const v = (await repo.findVersion(tx, ctx.companyId, id, row.version_id))!;
    return { ...toMine(row), bodyHtml: v.body_html, pdfName: v.pdf_name, contentSha256: v.content_sha256! };
  });
}

export async function myPolicyPdf(ctx: TenantCtx, id: string) {
  const userId = actingUser(ctx);
  const file = await ctx.run(async (tx) => {
    const row = await oneOfMine(tx, ctx, userId, id);
    return row ? repo.pdfOf(tx, ctx.companyId, id, row.version_id) : null;
  });
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

/**
 * Records that I read and accept the current version: the version, the SHA-256 of the content I
 * was shown (it must be the stored one's), the time, IP and user agent. Insert-only evidence.
 */
export async function acknowledge(
  ctx: TenantCtx,
  { id, versionUuid, contentSha256 }: PolicyAcknowledge & { id: string },
) {
  const userId = actingUser(ctx);
  const result = await ctx.run(async (tx) => {
    const policy = await repo.find(tx, ctx.companyId, id, true);
    if (!policy) throw new AppError('NOT_FOUND');
    const row = await oneOfMine(tx, ctx, userId, id);
    if (!row) {
      // Say why only when the member could see the policy otherwise: archived or not yet published.
      if (policy.archived_at && (await acks.wasAssigned(tx, ctx.companyId, id, userId)))
        throw new AppError('POLICY_ARCHIVED');
      if (!policy.current_version_id && (await acks.wasAssigned(tx, ctx.companyId, id, userId))) {
        throw new AppError('POLICY_NOT_PUBLISHED');
      }
      throw new AppError('NOT_FOUND');
    }
    const version = await repo.findVersion(tx, ctx.companyId, id, versionUuid);
    if (!version) throw new AppError('NOT_FOUND', [{ path: 'body.versionUuid', code: 'invalid' }]);
    if (version.state !== 'published') throw new AppError('POLICY_NOT_PUBLISHED');
    if (version.id !== row.version_id || version.content_sha256 !== contentSha256) {
      throw new AppError('POLICY_VERSION_OUTDATED');
    }
    if (await acks.hasAcknowledged(tx, ctx.companyId, id, userId, version.number)) {
      throw new AppError('POLICY_ALREADY_ACKNOWLEDGED');
    }
    const ack = await acks.insertAcknowledgement(tx, {
      companyId: ctx.companyId,
      policyId: id,
      versionId: version.id,
      versionNumber: version.number,
      userId,
      contentSha256: version.content_sha256,
      ip: ctx.actor.ip,
      userAgent: ctx.actor.userAgent?.slice(0, 300) ?? null,
    });
    if (!ack) throw new AppError('POLICY_ALREADY_ACKNOWLEDGED');
    await ctx.audit(tx, {
      action: 'policy.acknowledge',
      targetType: 'policy',
      targetId: id,
      after: { number: version.number, versionId: version.id, contentSha256: version.content_sha256 },
    });
    return { ack, version };
  });
  await policiesChanged(ctx);
  return {
    uuid: result.ack.id,
    policyUuid: id,
    versionUuid: result.version.id,
    number: result.version.number,
    contentSha256: result.version.content_sha256!,
    acknowledgedAt: iso(result.ack.acknowledgedAt)!,
  };
}
