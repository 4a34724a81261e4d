import {
  addMonths,
  type CertificationRecordCreate,
  CertificationRecordCreateSchema,
} from '@wac/shared/schemas/certifications';
import type { TenantCtx } from '../../lib/context';
import { AppError, parseBody } from '../../lib/errors';
import * as repo from './certifications.repository';
import { changed, refuseFutureIssue, toSavedRecord, typeOr404 } from './certifications.service';
import { checkEvidence, type Evidence } from './evidence';

/** Certification records: recording one for a member (with its evidence), removing one, downloading evidence. */

/**
 * Records a member's certification. Expires on defaults to issued on + the type's validity. The
 * evidence (optional) is checked by its content first: a bad file changes nothing.
 */
export async function record(
  ctx: TenantCtx,
  { id, file, ...raw }: CertificationRecordCreate & { id: string; file?: Evidence | null },
) {
  const input = parseBody(CertificationRecordCreateSchema, raw);
  const evidence = file ? checkEvidence(file) : null;
  const saved = await ctx.run(async (tx) => {
    const type = await typeOr404(tx, ctx.companyId, id);
    // Another admin records an admin's own certificate (they upload theirs for review, as members do).
    if (input.userUuid === ctx.actor.userId) throw new AppError('CERTIFICATION_OWN_RECORD');
    await refuseFutureIssue(tx, ctx.companyId, input.issuedOn);
    if (!(await repo.isMember(tx, ctx.companyId, input.userUuid))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.userUuid', code: 'invalid' }]);
    }
    const expiresOn = input.expiresOn ?? addMonths(input.issuedOn, type.validity_months);
    const row = await repo.insertRecord(tx, ctx.companyId, {
      typeId: id,
      userId: input.userUuid,
      issuedOn: input.issuedOn,
      expiresOn,
      evidence: evidence?.data ?? null,
      evidenceName: evidence?.name ?? null,
      evidenceContentType: evidence?.contentType ?? null,
      evidenceSize: evidence?.data.length ?? null,
      recordedBy: ctx.actor.userId,
    });
    await repo.refreshCurrent(tx, ctx.companyId, id, input.userUuid);
    const after = {
      type: type.name,
      userId: input.userUuid,
      issuedOn: input.issuedOn,
      expiresOn,
      evidence: evidence ? { name: evidence.name, contentType: evidence.contentType, sha256: evidence.sha256 } : null,
    };
    await ctx.audit(tx, { action: 'certification.record', targetType: 'certification', targetId: row.id, after });
    return (await repo.findRecord(tx, ctx.companyId, row.id))!;
  });
  await changed(ctx, input.userUuid);
  return toSavedRecord(id, saved);
}

/** Removes a record entered by mistake; the person's previous record, if any, counts again. */
export async function removeRecord(ctx: TenantCtx, id: string) {
  const gone = await ctx.run(async (tx) => {
    const current = await repo.findRecord(tx, ctx.companyId, id);
    if (!current) throw new AppError('NOT_FOUND');
    // Nor removes one of his own (a rejected upload and its reason, an old record): another admin does.
    if (current.user_id === ctx.actor.userId) throw new AppError('CERTIFICATION_OWN_RECORD');
    await repo.removeRecord(tx, ctx.companyId, id);
    await repo.refreshCurrent(tx, ctx.companyId, current.type_id, current.user_id);
    await ctx.audit(tx, {
      action: 'certification.delete',
      targetType: 'certification',
      targetId: id,
      before: {
        typeId: current.type_id,
        userId: current.user_id,
        issuedOn: current.issued_on,
        expiresOn: current.expires_on,
      },
    });
    return current;
  });
  await changed(ctx, gone.user_id);
}

/** A record's evidence for a download; `ownerId` limits it to that person's own records (self-service). */
export async function evidenceFile(ctx: TenantCtx, id: string, ownerId?: string) {
  const file = await ctx.run((tx) => repo.evidenceOf(tx, ctx.companyId, id, ownerId));
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}
