import { createHash } from 'node:crypto';
import { companyChannel } from '@wac/shared/realtime';
import type {
  PolicyCreate,
  PolicyDraftText,
  PolicyListQuery,
  PolicyPublish,
  PolicyUpdate,
} from '@wac/shared/schemas/policies';
import { PolicyCreateSchema } from '@wac/shared/schemas/policies';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/html';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import * as repo from './policies.repository';

/** Policies (compliance): metadata, the draft, publishing frozen versions, archiving. */

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const statusOf = (r: repo.PolicyRow): 'archived' | 'active' | 'draft' =>
  r.archived_at ? 'archived' : r.current_version_id ? 'active' : 'draft';

export const toPolicy = (r: repo.PolicyRow) => ({
  uuid: r.id,
  title: r.title,
  category: r.category,
  owner: r.owner_user_id
    ? {
        uuid: r.owner_user_id,
        firstName: r.owner_first_name ?? '',
        lastName: r.owner_last_name ?? '',
        email: r.owner_email ?? '',
      }
    : null,
  audience: { all: r.audience_all, teamUuids: r.audience_team_ids, departmentUuids: r.audience_department_ids },
  dueDays: r.due_days,
  status: statusOf(r),
  currentNumber: r.current_number,
  ackNumber: r.ack_number,
  publishedAt: iso(r.ack_published_at),
  archivedAt: iso(r.archived_at),
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.PolicyRow) => ({
  title: r.title,
  category: r.category,
  ownerUserId: r.owner_user_id,
  audienceAll: r.audience_all,
  audienceTeamIds: r.audience_team_ids,
  audienceDepartmentIds: r.audience_department_ids,
  dueDays: r.due_days,
});
export const toVersion = (v: Omit<repo.VersionRow, 'body_html'>) => ({
  uuid: v.id,
  number: v.number,
  state: v.state,
  bodyKind: v.body_kind,
  pdfName: v.pdf_name,
  contentSha256: v.content_sha256,
  requiresAck: v.requires_ack,
  publishedAt: iso(v.published_at),
  updatedAt: iso(v.updated_at)!,
});

/** Open policy listings and tracking pages of this company refetch. */
export const policiesChanged = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'policies' });

/** The first `limit` policies matching `q` by title, in the caller's transaction (the navbar search). */
export async function matchingInTx(tx: Tx, companyId: string, q: string, limit: number) {
  const page = { search: q, page: 1, itemsPerPage: limit, sort: 'title', order: 'asc' } as const;
  return (await repo.list(tx, companyId, page)).data.map(toPolicy);
}

export async function list(ctx: TenantCtx, q: PolicyListQuery) {
  const { data, totalItems } = await ctx.run((tx) => repo.list(tx, ctx.companyId, q));
  return pageOf(q, data.map(toPolicy), totalItems);
}

async function findOr404(tx: Tx, companyId: string, id: string, lock = false) {
  const row = await repo.find(tx, companyId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function get(ctx: TenantCtx, id: string) {
  return ctx.run(async (tx) => {
    const row = await findOr404(tx, ctx.companyId, id);
    const versions = await repo.versions(tx, ctx.companyId, id);
    return { ...toPolicy(row), versions: versions.map(toVersion) };
  });
}

/** The owner, teams and departments a body names must be this company's. */
async function checkRefs(
  tx: Tx,
  companyId: string,
  body: { ownerUuid?: string | null; audience?: { teamUuids: string[]; departmentUuids: string[] } },
) {
  const teams = [...new Set(body.audience?.teamUuids ?? [])];
  const departments = [...new Set(body.audience?.departmentUuids ?? [])];
  const found = await repo.refsFound(tx, companyId, { owner: body.ownerUuid ?? null, teams, departments });
  if (!found.owner) throw new AppError('NOT_FOUND', [{ path: 'body.ownerUuid', code: 'invalid' }]);
  if (found.teams !== teams.length)
    throw new AppError('NOT_FOUND', [{ path: 'body.audience.teamUuids', code: 'invalid' }]);
  if (found.departments !== departments.length) {
    throw new AppError('NOT_FOUND', [{ path: 'body.audience.departmentUuids', code: 'invalid' }]);
  }
  return { teams, departments };
}

export async function create(ctx: TenantCtx, raw: PolicyCreate) {
  const input = PolicyCreateSchema.parse(raw);
  const row = await ctx.runBulk(async (tx) => {
    const { teams, departments } = await checkRefs(tx, ctx.companyId, input);
    const id = await repo.insert(tx, ctx.companyId, {
      title: input.title,
      category: input.category,
      ownerUserId: input.ownerUuid,
      audienceAll: input.audience.all,
      audienceTeamIds: input.audience.all ? [] : teams,
      audienceDepartmentIds: input.audience.all ? [] : departments,
      dueDays: input.dueDays,
    });
    const created = (await repo.find(tx, ctx.companyId, id))!;
    await ctx.audit(tx, { action: 'policy.create', targetType: 'policy', targetId: id, after: snapshot(created) });
    return created;
  });
  await policiesChanged(ctx);
  return toPolicy(row);
}

export async function update(ctx: TenantCtx, { id, version, ...patch }: PolicyUpdate & { id: string }) {
  const row = await ctx.runBulk(async (tx) => {
    const current = await findOr404(tx, ctx.companyId, id, true);
    if (current.version !== version) throw new AppError('VERSION_CONFLICT');
    if (current.archived_at) throw new AppError('POLICY_ARCHIVED');
    const { teams, departments } = await checkRefs(tx, ctx.companyId, patch);
    const ok = await repo.update(tx, ctx.companyId, id, version, {
      title: patch.title,
      category: patch.category,
      ownerUserId: patch.ownerUuid,
      dueDays: patch.dueDays,
      ...(patch.audience
        ? {
            audienceAll: patch.audience.all,
            audienceTeamIds: patch.audience.all ? [] : teams,
            audienceDepartmentIds: patch.audience.all ? [] : departments,
          }
        : {}),
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    const updated = (await repo.find(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'policy.update',
      targetType: 'policy',
      targetId: id,
      before: snapshot(current),
      after: snapshot(updated),
    });
    return updated;
  });
  await policiesChanged(ctx);
  return toPolicy(row);
}

/** Archives a policy: nobody is asked to acknowledge it any more; its versions and acknowledgements stay. */
export async function archive(ctx: TenantCtx, { id, version }: { id: string; version: number }) {
  const row = await ctx.run(async (tx) => {
    const current = await findOr404(tx, ctx.companyId, id, true);
    if (current.version !== version) throw new AppError('VERSION_CONFLICT');
    if (current.archived_at) throw new AppError('POLICY_ARCHIVED');
    await repo.update(tx, ctx.companyId, id, version, { archivedAt: new Date() });
    await ctx.audit(tx, { action: 'policy.archive', targetType: 'policy', targetId: id, before: snapshot(current) });
    return (await repo.find(tx, ctx.companyId, id))!;
  });
  await policiesChanged(ctx);
  return toPolicy(row);
}

/** Reads a version of a policy (any state) for its admins. */
export async function getVersion(ctx: TenantCtx, { id, versionId }: { id: string; versionId: string }) {
  const v = await ctx.run((tx) => repo.findVersion(tx, ctx.companyId, id, versionId));
  if (!v) throw new AppError('NOT_FOUND');
  return { ...toVersion(v), policyUuid: v.policy_id, bodyHtml: v.body_html };
}

type DraftBody = { kind: 'text'; html: string } | { kind: 'pdf'; bytes: Buffer; name: string };

/**
 * The name a PDF is downloaded under: the client's name without its path or extension, in safe
 * characters, ending in .pdf. The bytes were checked to be a PDF, the name was not: "x.hta" or
 * "x.html" would have members save a PDF/HTML polyglot as something their system runs.
 */
export const pdfFileName = (name: string) => {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.\- ]+/g, '_')
    .slice(0, 116)
    .trim();
  return `${base || 'policy'}.pdf`;
};

async function setDraft(ctx: TenantCtx, id: string, body: DraftBody) {
  const stored =
    body.kind === 'text'
      ? (() => {
          const clean = sanitizeHtml(body.html);
          if (clean.tooDeep) throw new AppError('POLICY_HTML_TOO_DEEP', [{ path: 'body.html', code: 'invalid' }]);
          if (clean.unsafe.length) {
            throw new AppError('POLICY_HTML_UNSAFE', [{ path: 'body.html', code: 'invalid' }]);
          }
          return {
            bodyKind: 'text' as const,
            bodyHtml: clean.html,
            pdf: null,
            pdfName: null,
            contentSha256: sha256(clean.html),
          };
        })()
      : (() => {
          if (body.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError('POLICY_PDF_TYPE');
          const name = pdfFileName(body.name);
          return {
            bodyKind: 'pdf' as const,
            bodyHtml: null,
            pdf: body.bytes,
            pdfName: name,
            contentSha256: sha256(body.bytes),
          };
        })();
  const draft = await ctx.run(async (tx) => {
    const policy = await findOr404(tx, ctx.companyId, id, true);
    if (policy.archived_at) throw new AppError('POLICY_ARCHIVED');
    const d = await repo.ensureDraft(tx, ctx.companyId, id);
    await repo.setDraftBody(tx, ctx.companyId, d.id, stored);
    await ctx.audit(tx, {
      action: 'policy.draft_update',
      targetType: 'policy',
      targetId: id,
      after: { number: d.number, bodyKind: stored.bodyKind, contentSha256: stored.contentSha256 },
    });
    return (await repo.findDraft(tx, ctx.companyId, id))!;
  });
  return { ...toVersion(draft), policyUuid: id, bodyHtml: draft.body_html };
}

/** Replaces the draft's body with rich text, sanitised here; unsafe markup is refused, not stripped. */
export const setDraftText = (ctx: TenantCtx, { id, html }: PolicyDraftText & { id: string }) =>
  setDraft(ctx, id, { kind: 'text', html });

/** Replaces the draft's body with a PDF (≤ 2 MB, checked by its first bytes, not its name). */
export const setDraftPdf = (ctx: TenantCtx, { id, bytes, name }: { id: string; bytes: Buffer; name: string }) =>
  setDraft(ctx, id, { kind: 'pdf', bytes, name });

/**
 * Publishes the draft as a new frozen version. `requiresAck` makes everyone in the audience
 * outstanding again (a wording fix need not); the first version always needs acknowledging.
 * O(1) whatever the audience: who is outstanding is computed from `ack_number`, not stored per person.
 */
export async function publish(ctx: TenantCtx, { id, version, requiresAck }: PolicyPublish & { id: string }) {
  const row = await ctx.runBulk(async (tx) => {
    const policy = await findOr404(tx, ctx.companyId, id, true);
    if (policy.version !== version) throw new AppError('VERSION_CONFLICT');
    if (policy.archived_at) throw new AppError('POLICY_ARCHIVED');
    const draft = await repo.findDraft(tx, ctx.companyId, id);
    if (!draft?.body_kind || !draft.content_sha256) throw new AppError('POLICY_EMPTY');
    if (draft.body_kind === 'text') {
      const clean = sanitizeHtml(draft.body_html ?? '');
      if (clean.tooDeep) throw new AppError('POLICY_HTML_TOO_DEEP');
      if (!clean.text) throw new AppError('POLICY_EMPTY');
      // A draft saved under an older, looser rule (a '/\host' link) is held to today's before it is frozen.
      if (clean.unsafe.length) throw new AppError('POLICY_HTML_UNSAFE');
    }
    const needsAck = requiresAck || policy.ack_number === null;
    await repo.publish(tx, ctx.companyId, id, draft, needsAck, ctx.actor.userId);
    await ctx.audit(tx, {
      action: 'policy.publish',
      targetType: 'policy',
      targetId: id,
      after: { number: draft.number, versionId: draft.id, contentSha256: draft.content_sha256, requiresAck: needsAck },
    });
    return (await repo.find(tx, ctx.companyId, id))!;
  });
  await policiesChanged(ctx);
  return toPolicy(row);
}

/** A version's PDF for download. */
export async function versionPdf(ctx: TenantCtx, { id, versionId }: { id: string; versionId: string }) {
  const file = await ctx.run((tx) => repo.pdfOf(tx, ctx.companyId, id, versionId));
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}
