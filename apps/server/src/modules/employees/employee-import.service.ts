import { companyChannel } from '@wac/shared/realtime';
import { EMPLOYEE_CSV_COLUMNS, type EmployeeCsvColumn } from '@wac/shared/schemas/employees';
import type { Tx } from '../../db/client';
import type { Ctx, TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { departmentExists, departmentsChanged } from '../departments/departments.service';
import * as importRepo from './employee-import.repository';
import {
  cellValue,
  headerKey,
  RecordImport,
  type RecordChange,
  snapshot,
  UUID_RE,
} from './employee-record-check.service';
import { customIssues, fieldsOf } from './employee-fields.service';
import type { FieldRow } from './employee-fields.repository';
import * as repo from './employees.repository';

/**
 * Employee records in the members CSV (docs/people.md, "CSV import and export"): the columns the
 * export writes and the import reads, resolved against the company (department by name, manager by
 * email, custom fields by label or id). A blank cell leaves the value as it is.
 */

/** The record columns of the members export (after the membership columns): standard, then custom by label. */
export async function exportColumnsInTx(tx: Tx, companyId: string) {
  const fields = await fieldsOf(tx, companyId);
  return { header: [...EMPLOYEE_CSV_COLUMNS, ...fields.map((f) => f.label)], fields };
}

/** The record cells of some members, in the order of `exportColumnsInTx`. */
export async function exportCellsInTx(tx: Tx, companyId: string, userIds: string[], fields: FieldRow[]) {
  const records = await importRepo.recordsOf(tx, companyId, userIds);
  return new Map(
    records.map((r) => [
      r.user_id,
      [
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
        ...fields.map((f) => r.custom?.[f.id] ?? null),
      ],
    ]),
  );
}

/**
 * Reads a members CSV header for record columns, and loads what the rows are checked against. Null
 * when the file has none. A column named by a field id that is not one of this company's is refused
 * as NOT_FOUND, the same answer whether the id exists elsewhere or not.
 */
export async function recordImportInTx(tx: Tx, companyId: string, header: string[]) {
  const fields = await fieldsOf(tx, companyId);
  const standard: Array<{ index: number; column: EmployeeCsvColumn }> = [];
  const custom: Array<{ index: number; field: FieldRow }> = [];
  for (const [index, raw] of header.entries()) {
    // The exports guard a label against spreadsheet formulas like any cell: read back without the guard.
    const h = cellValue(raw).toLowerCase();
    // In any case and spacing, as people type headers: 'Job Title', 'job_title', 'JOBTITLE'.
    const key = headerKey(raw);
    const column =
      EMPLOYEE_CSV_COLUMNS.find((c) => c.toLowerCase() === key) ?? (key === 'manager' ? 'managerEmail' : null);
    const field = fields.find((f) => f.id === h || headerKey(f.label) === key);
    if (column) standard.push({ index, column });
    else if (field) custom.push({ index, field });
    else if (UUID_RE.test(h)) throw new AppError('NOT_FOUND', [{ path: `file.header.${index + 1}`, code: 'notFound' }]);
  }
  if (!standard.length && !custom.length) return null;
  const records = await importRepo.allRecords(tx, companyId);
  const byEmail = new Map(records.map((r) => [r.email, r]));
  const departments = new Map(
    (await importRepo.departmentNames(tx, companyId)).map((d) => [d.name.trim().toLowerCase(), d.id]),
  );
  const managerOf = new Map(records.map((r) => [r.user_id, r.manager_user_id]));
  return new RecordImport(standard, custom, byEmail, departments, managerOf);
}

export type RecordImportPlan = NonNullable<Awaited<ReturnType<typeof recordImportInTx>>>;

/**
 * Writes the checked changes in the import's transaction, each audited before/after like a record
 * edit. Returns the user ids written: a record changed since it was read is left alone (its row is
 * reported, nothing of it written).
 */
export async function applyRecordChangesInTx(ctx: TenantCtx, tx: Tx, changes: RecordChange[]) {
  const after = new Map(changes.map((c) => [c.userId, snapshot(c.before, c.values)]));
  const written = await importRepo.writeRecords(
    tx,
    ctx.companyId,
    changes.map((c) => {
      const a = after.get(c.userId)!;
      return {
        userId: c.userId,
        readVersion: c.before?.version ?? 0,
        jobTitle: a.jobTitle as string | null,
        departmentId: a.departmentId as string | null,
        managerUserId: a.managerUserId as string | null,
        employmentType: a.employmentType as string | null,
        startDate: a.startDate as string | null,
        endDate: a.endDate as string | null,
        workLocation: a.workLocation as string | null,
        workPhone: a.workPhone as string | null,
        emergencyName: a.emergencyContact.name as string | null,
        emergencyRelation: a.emergencyContact.relation as string | null,
        emergencyPhone: a.emergencyContact.phone as string | null,
        custom: a.custom,
      };
    }),
  );
  await ctx.audit(
    tx,
    changes
      .filter((c) => written.has(c.userId))
      .map((c) => ({
        action: 'employee.update' as const,
        targetType: 'employee',
        targetId: c.userId,
        before: snapshot(c.before),
        after: after.get(c.userId),
      })),
  );
  return written;
}

/** After a commit that changed records: directories and department counts refresh. */
export async function recordsChanged(ctx: TenantCtx) {
  await ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'employees' });
  await departmentsChanged(ctx);
}

/**
 * Writes the record an import gave an invited person, in the transaction where they join. It was
 * checked at import; what has gone since (a department, a manager who left, a field or option) is
 * left out rather than refusing the person's joining.
 */
export async function writeInvitedRecordInTx(
  ctx: Ctx,
  tx: Tx,
  { companyId, userId, record }: { companyId: string; userId: string; record: repo.RecordValues },
) {
  const values: repo.RecordValues = { ...record };
  if (values.departmentId && !(await departmentExists(tx, companyId, values.departmentId))) delete values.departmentId;
  if (values.managerUserId && !(await repo.isMember(tx, companyId, values.managerUserId))) delete values.managerUserId;
  if (values.custom) {
    const gone = new Set(
      customIssues(await fieldsOf(tx, companyId), values.custom).map((i) => i.path.split('.').pop()),
    );
    values.custom = Object.fromEntries(Object.entries(values.custom).filter(([id]) => !gone.has(id)));
  }
  if (!(await repo.write(tx, companyId, userId, 0, values))) return;
  await ctx.audit(tx, {
    action: 'employee.update',
    targetType: 'employee',
    targetId: userId,
    companyId,
    before: snapshot(null),
    after: snapshot(null, values),
  });
}
