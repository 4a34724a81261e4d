import { companyChannel, userChannel } from '@wac/shared/realtime';
import {
  addMonths,
  type CertificationHoldersQuery,
  type CertificationRecordCreate,
  CertificationRecordCreateSchema,
  type CertificationTypeCreate,
  CertificationTypeCreateSchema,
  type CertificationTypeListQuery,
  type CertificationTypeUpdate,
} from '@wac/shared/schemas/certifications';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import { todayIn } from '../departments/departments.service';
import * as repo from './certifications.repository';
import { checkEvidence, type Evidence } from './evidence';

/** Certifications (compliance): types with a validity and an audience, and each member's records. */

export const toType = (r: repo.TypeRow) => ({
  uuid: r.id,
  name: r.name,
  description: r.description,
  validityMonths: r.validity_months,
  remindDaysBefore: r.remind_days_before,
  audience: { all: r.audience_all, teamUuids: r.audience_team_ids, departmentUuids: r.audience_department_ids },
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.TypeRow) => {
  const { uuid: _u, createdAt: _c, version: _v, ...rest } = toType(r);
  return rest;
};
export const toRecord = (typeId: string, r: repo.RecordCols) =>
  r.record_id
    ? {
        uuid: r.record_id,
        typeUuid: typeId,
        issuedOn: r.issued_on!,
        expiresOn: r.expires_on!,
        evidence:
          r.evidence_name && r.evidence_content_type
            ? { name: r.evidence_name, contentType: r.evidence_content_type, size: r.evidence_size ?? 0 }
            : null,
        createdAt: iso(r.recorded_at)!,
      }
    : null;
const EMPTY_COUNTS = { assigned: 0, valid: 0, expiring: 0, expired: 0, missing: 0 };
const countsOf = (c: repo.CountsRow | undefined) =>
  c
    ? { assigned: c.assigned, valid: c.valid, expiring: c.expiring, expired: c.expired, missing: c.missing }
    : EMPTY_COUNTS;

/** Open certification screens of this company refetch (and the person's own list, when one person changed). */
async function changed(ctx: TenantCtx, userId?: string) {
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'certifications' });
  if (userId) await ctx.publish(userChannel(userId), { type: 'listing_changed', resource: 'my-certifications' });
}

async function typeOr404(tx: Tx, companyId: string, id: string, lock = false) {
  const row = await repo.findType(tx, companyId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listTypes(ctx: TenantCtx, q: CertificationTypeListQuery) {
  return ctx.run(async (tx) => {
    const today = await todayIn(tx, ctx.companyId);
    const { data, totalItems } = await repo.listTypes(tx, ctx.companyId, q);
    const counts = await repo.counts(
      tx,
      ctx.companyId,
      data.map((r) => r.id),
      today,
    );
    const byId = new Map(counts.map((c) => [c.type_id, c]));
    return pageOf(
      q,
      data.map((r) => ({ ...toType(r), counts: countsOf(byId.get(r.id)), today })),
      totalItems,
    );
  });
}

export async function getType(ctx: TenantCtx, id: string) {
  return ctx.run(async (tx) => {
    const row = await typeOr404(tx, ctx.companyId, id);
    const today = await todayIn(tx, ctx.companyId);
    const [c] = await repo.counts(tx, ctx.companyId, [id], today);
    return { ...toType(row), counts: countsOf(c), today };
  });
}

/** The teams and departments an audience names must be this company's (else 404 on that field). */
async function checkAudience(tx: Tx, companyId: string, audience?: { teamUuids: string[]; departmentUuids: string[] }) {
  const teams = [...new Set(audience?.teamUuids ?? [])];
  const departments = [...new Set(audience?.departmentUuids ?? [])];
  const found = await repo.refsFound(tx, companyId, { teams, departments });
  if (found.teams !== teams.length)
    throw new AppError('NOT_FOUND', [{ path: 'body.audience.teamUuids', code: 'invalid' }]);
  if (found.departments !== departments.length)
    throw new AppError('NOT_FOUND', [{ path: 'body.audience.departmentUuids', code: 'invalid' }]);
  return { teams, departments };
}

async function assertNameFree(tx: Tx, companyId: string, name: string, exceptId: string | null = null) {
  if (await repo.nameTaken(tx, companyId, name, exceptId)) {
    throw new AppError('CERTIFICATION_TYPE_NAME_TAKEN', [{ path: 'body.name', code: 'invalid' }]);
  }
}

export async function createType(ctx: TenantCtx, raw: CertificationTypeCreate) {
  const input = CertificationTypeCreateSchema.parse(raw);
  const row = await ctx.run(async (tx) => {
    await assertNameFree(tx, ctx.companyId, input.name);
    const { teams, departments } = await checkAudience(tx, ctx.companyId, input.audience);
    const id = await repo.insertType(tx, ctx.companyId, {
      name: input.name,
      description: input.description,
      validityMonths: input.validityMonths,
      remindDaysBefore: input.remindDaysBefore,
      audienceAll: input.audience.all,
      audienceTeamIds: input.audience.all ? [] : teams,
      audienceDepartmentIds: input.audience.all ? [] : departments,
    });
    const created = (await repo.findType(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'certification_type.create',
      targetType: 'certification_type',
      targetId: id,
      after: snapshot(created),
    });
    return created;
  });
  await changed(ctx);
  return toType(row);
}

export async function updateType(ctx: TenantCtx, { id, version, ...patch }: CertificationTypeUpdate & { id: string }) {
  const row = await ctx.run(async (tx) => {
    const current = await typeOr404(tx, ctx.companyId, id, true);
    if (current.version !== version) throw new AppError('VERSION_CONFLICT');
    if (patch.name !== undefined) await assertNameFree(tx, ctx.companyId, patch.name, id);
    const { teams, departments } = await checkAudience(tx, ctx.companyId, patch.audience);
    const audience = patch.audience
      ? {
          audienceAll: patch.audience.all,
          audienceTeamIds: patch.audience.all ? [] : teams,
          audienceDepartmentIds: patch.audience.all ? [] : departments,
        }
      : {
          audienceAll: current.audience_all,
          audienceTeamIds: current.audience_team_ids,
          audienceDepartmentIds: current.audience_department_ids,
        };
    const ok = await repo.updateType(tx, ctx.companyId, id, version, {
      name: patch.name ?? current.name,
      description: patch.description ?? current.description,
      validityMonths: patch.validityMonths ?? current.validity_months,
      remindDaysBefore: patch.remindDaysBefore ?? current.remind_days_before,
      ...audience,
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    const updated = (await repo.findType(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'certification_type.update',
      targetType: 'certification_type',
      targetId: id,
      before: snapshot(current),
      after: snapshot(updated),
    });
    return updated;
  });
  await changed(ctx);
  return toType(row);
}

/** Removes a type with every record of it (the audit entry keeps what it was). */
export async function removeType(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await typeOr404(tx, ctx.companyId, id, true);
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    await repo.removeType(tx, ctx.companyId, id);
    await ctx.audit(tx, {
      action: 'certification_type.delete',
      targetType: 'certification_type',
      targetId: id,
      before: snapshot(current),
    });
  });
  await changed(ctx);
}

const toHolder = (typeId: string) => (r: repo.HolderRow) => ({
  person: { uuid: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
  status: r.status,
  record: toRecord(typeId, r),
});

/** Who needs a type and where each stands, paged on the server. */
export async function holders(ctx: TenantCtx, { id, ...q }: CertificationHoldersQuery & { id: string }) {
  return ctx.run(async (tx) => {
    await typeOr404(tx, ctx.companyId, id);
    const today = await todayIn(tx, ctx.companyId);
    // Filtered by status alone (or not at all), the total is one of the counts: no second scan.
    let known: number | null = null;
    if (!q.search && !q.teamUuid && !q.departmentUuid) {
      const [c] = await repo.counts(tx, ctx.companyId, [id], today);
      known = q.status ? (c?.[q.status] ?? 0) : (c?.assigned ?? 0);
    }
    const { data, totalItems } = await repo.holdersPage(tx, ctx.companyId, id, today, q, known === null);
    return pageOf(q, data.map(toHolder(id)), known ?? totalItems);
  });
}

/** Turns a schema failure of the form fields into the usual translated 400. */
function parseRecord(raw: CertificationRecordCreate) {
  const parsed = CertificationRecordCreateSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, code: i.message })),
    );
  }
  return parsed.data;
}

/**
 * Records a member's certification. Expires on defaults to issued on + the type's validity. The
 * evidence (optional) is checked by its content first: a bad file changes nothing.
 */
export async function record(
  ctx: TenantCtx,
  { id, file, ...raw }: CertificationRecordCreate & { id: string; file?: Evidence | null },
) {
  const input = parseRecord(raw);
  const evidence = file ? checkEvidence(file) : null;
  const saved = await ctx.run(async (tx) => {
    const type = await typeOr404(tx, ctx.companyId, id);
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
  return toRecord(id, {
    record_id: saved.id,
    issued_on: saved.issued_on,
    expires_on: saved.expires_on,
    evidence_name: saved.evidence_name,
    evidence_content_type: saved.evidence_content_type,
    evidence_size: saved.evidence_size,
    recorded_at: saved.created_at,
  })!;
}

/** Removes a record entered by mistake; the person's previous record, if any, counts again. */
export async function removeRecord(ctx: TenantCtx, id: string) {
  const gone = await ctx.run(async (tx) => {
    const current = await repo.findRecord(tx, ctx.companyId, id);
    if (!current) throw new AppError('NOT_FOUND');
    await repo.removeRecord(tx, ctx.companyId, id);
    await ctx.audit(tx, {
      action: 'certification.delete',
      targetType: 'certification',
      targetId: id,
      before: { typeId: current.type_id, userId: current.user_id, issuedOn: current.issued_on, expiresOn: current.expires_on },
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
