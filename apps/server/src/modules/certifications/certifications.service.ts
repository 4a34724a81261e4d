import { companyChannel, userChannel } from '@wac/shared/realtime';
import {
  type CertificationHoldersQuery,
  type CertificationTypeCreate,
  CertificationTypeCreateSchema,
  type CertificationTypeListQuery,
  CertificationTypeListQuerySchema,
  type CertificationTypeUpdate,
} from '@wac/shared/schemas/certifications';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import { todayIn } from '../departments/departments.service';
import * as repo from './certifications.repository';
import type { CountsRow } from './counts.repository';
import { keptCounts, keptCountsByType } from './kept-counts';

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
/** A record just written, read back with `findRecord`, as the API answers it. */
export const toSavedRecord = (typeId: string, saved: repo.RecordRow) =>
  toRecord(typeId, {
    record_id: saved.id,
    issued_on: saved.issued_on,
    expires_on: saved.expires_on,
    evidence_name: saved.evidence_name,
    evidence_content_type: saved.evidence_content_type,
    evidence_size: saved.evidence_size,
    recorded_at: saved.created_at,
  })!;
const countsOf = (c: CountsRow) => ({ ...c, missing: c.assigned - c.valid - c.expiring - c.expired });

/** Open certification screens of this company refetch (and the person's own list, when one person changed). */
export async function changed(ctx: TenantCtx, userId?: string) {
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'certifications' });
  if (userId) await ctx.publish(userChannel(userId), { type: 'listing_changed', resource: 'my-certifications' });
}

export async function typeOr404(tx: Tx, companyId: string, id: string, lock = false) {
  const row = await repo.findType(tx, companyId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** An issue date after the company's today is refused (a certificate is recorded once it is issued). */
export async function refuseFutureIssue(tx: Tx, companyId: string, issuedOn: string) {
  if (issuedOn > (await todayIn(tx, companyId))) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'body.issuedOn', code: 'issuedInFuture' }]);
  }
}

/** A page of types, each with its counts (one grouped pass over the page's current records). */
export async function listTypes(ctx: TenantCtx, q: CertificationTypeListQuery) {
  return ctx.run(async (tx) => {
    const today = await todayIn(tx, ctx.companyId);
    const { data, totalItems } = await repo.listTypes(tx, ctx.companyId, q);
    const counts = await keptCountsByType(tx, ctx.companyId, data, today);
    const withCounts = data.map((r) => ({ ...toType(r), counts: countsOf(counts.get(r.id)!), today }));
    return pageOf(q, withCounts, totalItems);
  });
}

/** Types whose name or description holds `q`, by name, without their counts (the navbar search). */
export async function matchingTypesInTx(tx: Tx, companyId: string, q: string, limit: number) {
  const query = CertificationTypeListQuerySchema.parse({ search: q, itemsPerPage: limit });
  return (await repo.listTypes(tx, companyId, query)).data.map(toType);
}

/** The dashboard's certification figures: expiring, expired and missing, summed over the types (the first 100 by name). */
export async function backlog(ctx: TenantCtx) {
  return ctx.run(async (tx) => {
    const types = await repo.backlogTypes(tx, ctx.companyId, 100);
    const total = { expiring: 0, expired: 0, missing: 0 };
    if (!types.length) return total;
    const counts = await keptCountsByType(tx, ctx.companyId, types, types[0]!.today);
    for (const r of types) {
      const c = countsOf(counts.get(r.id)!);
      total.expiring += c.expiring;
      total.expired += c.expired;
      total.missing += c.missing;
    }
    return total;
  });
}

export async function getType(ctx: TenantCtx, id: string) {
  return ctx.run(async (tx) => {
    const row = await typeOr404(tx, ctx.companyId, id);
    const today = await todayIn(tx, ctx.companyId);
    return { ...toType(row), counts: countsOf(await keptCounts(tx, ctx.companyId, row, today)), today };
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
    const type = await typeOr404(tx, ctx.companyId, id);
    const today = await todayIn(tx, ctx.companyId);
    // Filtered by status alone (or not at all), the total is one of the counts: no second scan.
    let known: number | null = null;
    if (!q.search && !q.teamUuid && !q.departmentUuid) {
      const c = countsOf(await keptCounts(tx, ctx.companyId, type, today));
      known = q.status ? c[q.status] : c.assigned;
    }
    const { data, totalItems } = await repo.holdersPage(tx, ctx.companyId, type, today, q, known === null);
    return pageOf(q, data.map(toHolder(id)), known ?? totalItems);
  });
}
