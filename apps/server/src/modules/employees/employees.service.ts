import type { Readable } from 'node:stream';
import { companyChannel } from '@wac/shared/realtime';
import type { EmployeeExportQuery, EmployeeListQuery, EmployeeUpdate } from '@wac/shared/schemas/employees';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { batches, type KeysetCursor } from '../../lib/sql';
import { departmentExists, departmentsChanged, todayIn } from '../departments/departments.service';
import { customIssues, fieldsOf, selfEditableOf } from './employee-fields.service';
import * as repo from './employees.repository';
import { checkManager, moveReports } from './reports-move.service';

/**
 * Employee records: one per membership. Admins see and change everything; the person sees their whole
 * record and changes what the company lets them; colleagues see the directory view, never a private
 * field or the emergency contact.
 */

/** Who asks: admins of the company (peopleHR) see everything. */
export interface Viewer {
  asAdmin: boolean;
}

const directoryOf = (r: repo.PersonRow) => ({
  uuid: r.user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  avatar: r.avatar,
  email: r.email,
  jobTitle: r.job_title,
  department: r.department_id ? { uuid: r.department_id, name: r.department_name!, color: r.department_color! } : null,
  manager: r.manager_id
    ? { uuid: r.manager_id, firstName: r.manager_first_name!, lastName: r.manager_last_name! }
    : null,
  workPhone: r.work_phone,
  ended: r.ended,
});

const snapshot = (r: repo.PersonRow) => ({
  jobTitle: r.job_title,
  departmentId: r.department_id,
  managerUserId: r.manager_user_id,
  employmentType: r.employment_type,
  startDate: r.start_date,
  endDate: r.end_date,
  workLocation: r.work_location,
  workPhone: r.work_phone,
  emergencyContact: { name: r.emergency_name, relation: r.emergency_relation, phone: r.emergency_phone },
  custom: r.custom ?? {},
});

const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'employees' });

export async function directory(ctx: TenantCtx, q: EmployeeListQuery & Viewer) {
  if (q.status !== 'current' && !q.asAdmin) throw new AppError('FORBIDDEN');
  const { data, totalItems, totalIsLowerBound } = await ctx.run(async (tx) =>
    repo.directory(tx, ctx.companyId, await todayIn(tx, ctx.companyId), q),
  );
  return { ...pageOf(q, data.map(directoryOf), totalItems), totalIsLowerBound };
}

export const EMPLOYEE_CSV_HEADER = [
  'uuid',
  'email',
  'firstName',
  'lastName',
  'jobTitle',
  'department',
  'managerEmail',
  'employmentType',
  'startDate',
  'endDate',
  'workLocation',
  'workPhone',
  'emergencyName',
  'emergencyRelation',
  'emergencyPhone',
];

/** The admins' export: every field (the manager by email, as the import reads it), custom ones by label, in keyset batches. */
export async function exportRecords(ctx: TenantCtx, f: EmployeeExportQuery): Promise<Readable> {
  const { today, fields } = await ctx.run(async (tx) => ({
    today: await todayIn(tx, ctx.companyId),
    fields: await fieldsOf(tx, ctx.companyId),
  }));
  const all = batches(
    (cursor: KeysetCursor | null, limit) => ctx.run((tx) => repo.batch(tx, ctx.companyId, today, f, cursor, limit)),
    (r) => ({ k: r.k, id: r.id }),
  );
  return csvStream([...EMPLOYEE_CSV_HEADER, ...fields.map((x) => x.label)], all, (r) => [
    r.user_id,
    r.email,
    r.first_name,
    r.last_name,
    r.job_title,
    r.department_name,
    r.manager_email,
    r.employment_type,
    r.start_date,
    r.end_date,
    r.work_location,
    r.work_phone,
    r.emergency_name,
    r.emergency_relation,
    r.emergency_phone,
    ...fields.map((x) => r.custom?.[x.id] ?? null),
  ]);
}

const ALL_FIELDS = [
  'jobTitle',
  'departmentUuid',
  'managerUuid',
  'employmentType',
  'startDate',
  'endDate',
  'workLocation',
  'workPhone',
  'emergencyContact',
  'custom',
];

async function view(ctx: TenantCtx, tx: Tx, userId: string, viewer: Viewer) {
  const today = await todayIn(tx, ctx.companyId);
  const r = await repo.findPerson(tx, ctx.companyId, userId, today);
  const self = ctx.actor.userId === userId;
  // An ended employment or a disabled membership leaves the directory: colleagues no longer find the
  // person at all (their email, phone and place in the company included).
  if (!r || (!r.in_directory && !viewer.asAdmin && !self)) throw new AppError('NOT_FOUND');
  const fields = await fieldsOf(tx, ctx.companyId);
  const full = viewer.asAdmin || self;
  const shown = fields.filter((f) => full || !f.private);
  const custom = Object.fromEntries(shown.map((f) => [f.id, r.custom?.[f.id] ?? null]));
  let editable: string[] = [];
  if (viewer.asAdmin) editable = ALL_FIELDS;
  else if (self) {
    const { selfEditable } = await selfEditableOf(tx, ctx.companyId);
    editable = [...selfEditable, ...fields.filter((f) => f.self_editable).map((f) => `custom.${f.id}`)];
  }
  const base = { ...directoryOf(r), custom, editable, version: r.version ?? 0 };
  if (!full) return { ...base, view: 'directory' as const };
  return {
    ...base,
    view: 'full' as const,
    employmentType: r.employment_type as 'full_time' | null,
    startDate: r.start_date,
    endDate: r.end_date,
    workLocation: r.work_location,
    emergencyContact:
      r.emergency_name || r.emergency_relation || r.emergency_phone
        ? { name: r.emergency_name, relation: r.emergency_relation, phone: r.emergency_phone }
        : null,
  };
}

/**
 * Whether colleagues still find the person (membership on, employment not ended today): what another
 * module shows a colleague of a member goes by the directory's rule.
 */
export const inDirectoryInTx = async (tx: Tx, companyId: string, userId: string) =>
  repo.inDirectory(tx, companyId, userId, await todayIn(tx, companyId));

export const get = (ctx: TenantCtx, { userId, ...viewer }: { userId: string } & Viewer) =>
  ctx.run((tx) => view(ctx, tx, userId, viewer));

/** The keys of a body a member may send about their own record. */
function refuseNotSelfEditable(body: EmployeeUpdate, allowed: Set<string>) {
  for (const key of Object.keys(body)) {
    if (key === 'version') continue;
    if (key === 'custom') {
      for (const id of Object.keys(body.custom ?? {})) {
        if (!allowed.has(`custom.${id}`))
          throw new AppError('FIELD_NOT_SELF_EDITABLE', [{ path: `body.custom.${id}`, code: 'invalid' }]);
      }
    } else if (!allowed.has(key))
      throw new AppError('FIELD_NOT_SELF_EDITABLE', [{ path: `body.${key}`, code: 'invalid' }]);
  }
}

export async function update(
  ctx: TenantCtx,
  { userId, asAdmin, body }: { userId: string; body: EmployeeUpdate } & Viewer,
) {
  const self = ctx.actor.userId === userId;
  const result = await ctx.run(async (tx) => {
    await repo.lockPerson(tx, ctx.companyId, userId);
    const today = await todayIn(tx, ctx.companyId);
    const current = await repo.findPerson(tx, ctx.companyId, userId, today);
    // Someone who left the directory does not exist for a colleague, on a write as on a read (view).
    if (!current || (!current.in_directory && !asAdmin && !self)) throw new AppError('NOT_FOUND');
    if (!asAdmin) {
      if (!self) throw new AppError('FORBIDDEN');
      const fields = await fieldsOf(tx, ctx.companyId);
      const { selfEditable } = await selfEditableOf(tx, ctx.companyId);
      refuseNotSelfEditable(
        body,
        new Set([...selfEditable, ...fields.filter((f) => f.self_editable).map((f) => `custom.${f.id}`)]),
      );
    }
    if ((current.version ?? 0) !== body.version) throw new AppError('VERSION_CONFLICT');
    if (body.departmentUuid && !(await departmentExists(tx, ctx.companyId, body.departmentUuid))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.departmentUuid', code: 'invalid' }]);
    }
    if (body.managerUuid) await checkManager(tx, ctx.companyId, userId, body.managerUuid, 'managerUuid');
    // Where the person's reports move (ending a manager's employment): the same rule, from below.
    if (body.reportsTo) await checkManager(tx, ctx.companyId, userId, body.reportsTo, 'reportsTo');
    const start = body.startDate !== undefined ? body.startDate : current.start_date;
    const end = body.endDate !== undefined ? body.endDate : current.end_date;
    if (start && end && end < start)
      throw new AppError('VALIDATION_FAILED', [{ path: 'body.endDate', code: 'endBeforeStart' }]);
    let custom: Record<string, string | number | null> | undefined;
    if (body.custom) {
      const fields = await fieldsOf(tx, ctx.companyId);
      const stored = current.custom ?? {};
      const issues = customIssues(fields, body.custom, stored);
      custom = { ...stored, ...body.custom };
      for (const f of fields) {
        // An admin completes the whole record; a member what they change (a required field they may
        // edit cannot be emptied by them: it was, and saved as "Record saved.").
        const judged = asAdmin || (f.id in body.custom && body.custom[f.id] !== stored[f.id]);
        if (judged && f.required && (custom[f.id] === null || custom[f.id] === undefined || custom[f.id] === '')) {
          issues.push({ path: `body.custom.${f.id}`, code: 'required' });
        }
      }
      if (issues.length) throw new AppError('VALIDATION_FAILED', issues);
    }
    const ec = body.emergencyContact;
    const ok = await repo.write(tx, ctx.companyId, userId, body.version, {
      jobTitle: body.jobTitle,
      departmentId: body.departmentUuid,
      managerUserId: body.managerUuid,
      employmentType: body.employmentType,
      startDate: body.startDate,
      endDate: body.endDate,
      workLocation: body.workLocation,
      workPhone: body.workPhone,
      ...(ec !== undefined
        ? {
            emergencyName: ec?.name ?? null,
            emergencyRelation: ec?.relation ?? null,
            emergencyPhone: ec?.phone ?? null,
          }
        : {}),
      custom,
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    const after = (await repo.findPerson(tx, ctx.companyId, userId, today))!;
    await ctx.audit(tx, {
      action: 'employee.update',
      targetType: 'employee',
      targetId: userId,
      before: snapshot(current),
      after: snapshot(after),
    });
    if (body.reportsTo !== undefined) await moveReports(ctx, tx, userId, body.reportsTo, today);
    return view(ctx, tx, userId, { asAdmin });
  });
  await changed(ctx);
  if (body.departmentUuid !== undefined) await departmentsChanged(ctx);
  return result;
}

/** Moves people into a department (out of the one they were in). */
export async function moveToDepartment(
  ctx: TenantCtx,
  { departmentId, userIds }: { departmentId: string; userIds: string[] },
) {
  const moved = await ctx.run(async (tx) => {
    if (!(await departmentExists(tx, ctx.companyId, departmentId))) throw new AppError('NOT_FOUND');
    const unique = [...new Set(userIds)];
    if ((await repo.nonMembers(tx, ctx.companyId, unique)).length) {
      throw new AppError('NOT_FOUND', [{ path: 'body.uuids', code: 'invalid' }]);
    }
    const moved = await repo.moveToDepartment(tx, ctx.companyId, departmentId, unique);
    // Where each person came from, so the log says what changed and the move can be undone by hand.
    await ctx.audit(tx, {
      action: 'department.members_move',
      targetType: 'department',
      targetId: departmentId,
      before: { departments: Object.fromEntries(moved.map((m) => [m.user_id, m.from_department])) },
      after: { userIds: moved.map((m) => m.user_id) },
    });
    return moved.length;
  });
  await changed(ctx);
  await departmentsChanged(ctx);
  return { moved };
}
