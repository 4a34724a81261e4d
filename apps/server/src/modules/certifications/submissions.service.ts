import {
  addMonths,
  type CertificationReject,
  CertificationRejectSchema,
  type CertificationSubmit,
  CertificationSubmitSchema,
  type PendingSubmissionQuery,
} from '@wac/shared/schemas/certifications';
import { actingUser, type TenantCtx } from '../../lib/context';
import { AppError, parseBody } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import * as repo from './certifications.repository';
import * as subs from './submissions.repository';
import { changed, refuseFutureIssue, toRecord, toSavedRecord, typeOr404 } from './certifications.service';
import { checkEvidence, type Evidence } from './evidence';
import { queueUploadMail } from './upload-mail';
import { companyAdmins } from '../members/members.service';

/**
 * Members upload their own certificates (decision 019): the upload is a `pending` record that counts
 * for nothing until a compliance admin approves it (it then competes for "current" like any record)
 * or rejects it with a reason the member reads. Every step is in the audit log.
 */

/** My upload for one of the types I need: evidence required, checked by its content before anything is written. */
export async function submit(
  ctx: TenantCtx,
  { id, file, ...raw }: CertificationSubmit & { id: string; file?: Evidence | null },
) {
  const userId = actingUser(ctx);
  const input = parseBody(CertificationSubmitSchema, raw);
  if (!file) throw new AppError('VALIDATION_FAILED', [{ path: 'body.file', code: 'required' }]);
  const evidence = checkEvidence(file);
  const saved = await ctx.run(async (tx) => {
    // A type outside my audience (or of another company) does not exist for me.
    const type = await typeOr404(tx, ctx.companyId, id);
    if (!(await subs.needsType(tx, ctx.companyId, id, userId))) throw new AppError('NOT_FOUND');
    await refuseFutureIssue(tx, ctx.companyId, input.issuedOn);
    // One waiting upload per person and type: the per-person lock serialises two at once.
    await repo.lockPerson(tx, id, userId);
    if (await subs.hasPending(tx, ctx.companyId, id, userId)) throw new AppError('CERTIFICATION_SUBMISSION_PENDING');
    const expiresOn = input.expiresOn ?? addMonths(input.issuedOn, type.validity_months);
    const row = await repo.insertRecord(tx, ctx.companyId, {
      typeId: id,
      userId,
      issuedOn: input.issuedOn,
      expiresOn,
      evidence: evidence.data,
      evidenceName: evidence.name,
      evidenceContentType: evidence.contentType,
      evidenceSize: evidence.data.length,
      recordedBy: userId,
      status: 'pending',
    });
    // The other admins: an admin's own upload is decided by someone else (CERTIFICATION_OWN_RECORD).
    const reviewers = (await companyAdmins(tx, ctx.companyId)).filter((a) => a !== userId);
    await queueUploadMail(tx, ctx.companyId, row.id, reviewers);
    await ctx.audit(tx, {
      action: 'certification.submit',
      targetType: 'certification',
      targetId: row.id,
      after: {
        type: type.name,
        userId,
        issuedOn: input.issuedOn,
        expiresOn,
        status: 'pending',
        evidence: { name: evidence.name, contentType: evidence.contentType, sha256: evidence.sha256 },
      },
    });
    return (await repo.findRecord(tx, ctx.companyId, row.id))!;
  });
  await changed(ctx, userId);
  return {
    ...toSavedRecord(id, saved),
    status: 'pending' as const,
    reason: null,
  };
}

/** The submissions waiting for review, oldest first. */
export async function pending(ctx: TenantCtx, q: PendingSubmissionQuery) {
  const { data, totalItems } = await ctx.run((tx) => subs.pendingPage(tx, ctx.companyId, q));
  return pageOf(
    q,
    data.map((r) => ({
      record: toRecord(r.type_id, r)!,
      type: { uuid: r.type_id, name: r.type_name },
      person: { uuid: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
    })),
    totalItems,
  );
}

/** How many uploads wait for an admin's decision (the dashboard's "waiting for you"). */
export const pendingCount = (ctx: TenantCtx) => ctx.run((tx) => subs.pendingCount(tx, ctx.companyId));

async function decide(ctx: TenantCtx, id: string, status: 'approved' | 'rejected', note: string | null) {
  const reviewed = await ctx.run(async (tx) => {
    const current = await repo.findRecord(tx, ctx.companyId, id);
    if (!current) throw new AppError('NOT_FOUND');
    // An admin's own upload is decided by another admin: no one approves their own evidence.
    if (current.user_id === ctx.actor.userId) throw new AppError('CERTIFICATION_OWN_RECORD');
    await repo.lockPerson(tx, current.type_id, current.user_id);
    if (!(await subs.review(tx, ctx.companyId, id, { status, by: ctx.actor.userId, note }))) {
      throw new AppError('CERTIFICATION_NOT_PENDING');
    }
    if (status === 'approved') await repo.refreshCurrent(tx, ctx.companyId, current.type_id, current.user_id);
    await ctx.audit(tx, {
      action: status === 'approved' ? 'certification.approve' : 'certification.reject',
      targetType: 'certification',
      targetId: id,
      before: { status: 'pending' },
      after: {
        status,
        typeId: current.type_id,
        userId: current.user_id,
        issuedOn: current.issued_on,
        expiresOn: current.expires_on,
        ...(note ? { reason: note } : {}),
      },
    });
    return current;
  });
  await changed(ctx, reviewed.user_id);
}

export const approve = (ctx: TenantCtx, id: string) => decide(ctx, id, 'approved', null);

export function reject(ctx: TenantCtx, id: string, raw: CertificationReject) {
  const input = parseBody(CertificationRejectSchema, raw);
  return decide(ctx, id, 'rejected', input.reason);
}
