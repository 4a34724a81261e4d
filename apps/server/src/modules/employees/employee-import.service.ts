import { companyChannel } from '@wac/shared/realtime';
import {
  DateSchema,
  EMPLOYEE_CSV_COLUMNS,
  EMPLOYMENT_TYPES,
  type EmployeeCsvColumn,
} from '@wac/shared/schemas/employees';
import type { Tx } from '../../db/client';
import type { Ctx, TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { departmentExists, departmentsChanged } from '../departments/departments.service';
import * as importRepo from './employee-import.repository';
import { customIssues, fieldsOf } from './employee-fields.service';
import type { FieldRow } from './employee-fields.repository';
import * as repo from './employees.repository';

/**
 * Employee records in the members CSV (docs/people.md, "CSV import and export"): the columns the
 * export writes and the import reads, resolved against the company (department by name, manager by
 * email, custom fields by label or id). A blank cell leaves the value as it is.
 */

type Value = string | number | null;
export interface RowIssue {
  field: string;
  code: string;
}
/** What one row would change in one member's record; `values` holds only what differs. */
export interface RecordChange {
  userId: string;
  values: repo.RecordValues;
  before: importRepo.RecordRow | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_RE = /^\+?[0-9 ().-]{3,}$/;
const MAX: Partial<Record<EmployeeCsvColumn, number>> = {
  jobTitle: 120,
  workLocation: 200,
  emergencyName: 120,
  emergencyRelation: 60,
  workPhone: 40,
  emergencyPhone: 40,
};
const TEXT_KEY = {
  jobTitle: 'jobTitle',
  workLocation: 'workLocation',
  workPhone: 'workPhone',
  emergencyName: 'emergencyName',
  emergencyRelation: 'emergencyRelation',
  emergencyPhone: 'emergencyPhone',
  employmentType: 'employmentType',
  startDate: 'startDate',
  endDate: 'endDate',
} as const;
const CURRENT: Record<keyof typeof TEXT_KEY, keyof importRepo.RecordRow> = {
  jobTitle: 'job_title',
  workLocation: 'work_location',
  workPhone: 'work_phone',
  emergencyName: 'emergency_name',
  emergencyRelation: 'emergency_relation',
  emergencyPhone: 'emergency_phone',
  employmentType: 'employment_type',
  startDate: 'start_date',
  endDate: 'end_date',
};

/** Undoes the export's spreadsheet-formula guard (`'+33 …` back to `+33 …`), so an export re-imports as it was. */
export const cellValue = (cell: string) =>
  cell
    .trim()
    .replace(/^'(?=[=+\-@\t\r])/, '')
    .replace(/([,;\t])'([=+\-@])/g, '$1$2');

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
    const h = raw.trim().toLowerCase();
    const column = EMPLOYEE_CSV_COLUMNS.find((c) => c.toLowerCase() === h) ?? (h === 'manager' ? 'managerEmail' : null);
    const field = fields.find((f) => f.id === h || f.label.trim().toLowerCase() === h);
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

class RecordImport {
  constructor(
    private readonly standard: Array<{ index: number; column: EmployeeCsvColumn }>,
    private readonly custom: Array<{ index: number; field: FieldRow }>,
    private readonly byEmail: Map<string, importRepo.RecordRow>,
    private readonly departments: Map<string, string>,
    private readonly managerOf: Map<string, string | null>,
  ) {}

  /** The member with this email, or null for a person who is not one (they are invited). */
  member(email: string) {
    return this.byEmail.get(email.toLowerCase()) ?? null;
  }

  /**
   * Checks one row's record cells. `uuidCell` (the export's `uuid` column) must name the member the
   * email names: any other id is "not found", whether it exists elsewhere or not.
   */
  check(
    email: string,
    uuidCell: string,
    cells: string[],
  ): { issues: RowIssue[]; change: RecordChange | null; pending: repo.RecordValues | null } {
    const current = this.member(email);
    const issues: RowIssue[] = [];
    if (uuidCell && uuidCell.toLowerCase() !== current?.user_id) issues.push({ field: 'uuid', code: 'notFound' });
    const values: repo.RecordValues = {};
    const cell = (i: number) => cellValue(cells[i] ?? '');
    for (const { index, column } of this.standard) {
      const v = cell(index);
      if (!v) continue;
      if (column === 'department') {
        const id = this.departments.get(v.toLowerCase());
        if (!id) issues.push({ field: column, code: 'departmentNotFound' });
        else if (id !== current?.department_id) values.departmentId = id;
      } else if (column === 'managerEmail') {
        const manager = this.member(v);
        if (!manager) issues.push({ field: column, code: 'managerNotFound' });
        else if (current && manager.user_id === current.user_id) issues.push({ field: column, code: 'managerSelf' });
        else if (manager.user_id !== current?.manager_user_id) values.managerUserId = manager.user_id;
      } else {
        const value = column === 'employmentType' ? v.toLowerCase().replace(/[\s-]+/g, '_') : v;
        const code = this.standardIssue(column, value);
        if (code) issues.push({ field: column, code });
        else if (value !== current?.[CURRENT[column]]) values[TEXT_KEY[column]] = value;
      }
    }
    const start = values.startDate ?? current?.start_date;
    const end = values.endDate ?? current?.end_date;
    if (start && end && end < start && !issues.some((i) => i.field.endsWith('Date'))) {
      issues.push({ field: 'endDate', code: 'endBeforeStart' });
    }
    const custom: Record<string, Value> = {};
    for (const { index, field } of this.custom) {
      const v = cell(index);
      if (!v) continue;
      const parsed = customValue(field, v);
      if (parsed.code) issues.push({ field: field.label, code: parsed.code });
      else if (parsed.value !== (current?.custom?.[field.id] ?? null)) custom[field.id] = parsed.value;
    }
    if (Object.keys(custom).length) values.custom = { ...(current?.custom ?? {}), ...custom };
    if (issues.length) return { issues, change: null, pending: null };
    // A person who is not a member yet: the record travels with the invitation.
    if (!current) return { issues, change: null, pending: Object.keys(values).length ? values : null };
    return { issues, change: { userId: current.user_id, values, before: current }, pending: null };
  }

  private standardIssue(column: EmployeeCsvColumn, v: string) {
    if (v.length > (MAX[column] ?? Number.POSITIVE_INFINITY)) return 'tooLong';
    if ((column === 'workPhone' || column === 'emergencyPhone') && !PHONE_RE.test(v)) return 'phone';
    if ((column === 'startDate' || column === 'endDate') && !DateSchema.safeParse(v).success) return 'date';
    if (column === 'employmentType' && !(EMPLOYMENT_TYPES as readonly string[]).includes(v)) return 'employmentType';
    return null;
  }

  /**
   * The changes whose new manager would close a loop, counting every other change of the file: the
   * later row of a loop is refused (the file is read bottom-up) and the chain is checked again
   * without it, until no loop is left. The recorded chain has none, so this ends.
   */
  loops(changes: RecordChange[]) {
    const graph = new Map(this.managerOf);
    const moving = changes.filter((c) => c.values.managerUserId);
    for (const c of moving) graph.set(c.userId, c.values.managerUserId!);
    const refused = new Set<RecordChange>();
    for (const c of [...moving].reverse()) {
      const seen = new Set<string>();
      let at: string | null | undefined = c.values.managerUserId;
      while (at && !seen.has(at) && at !== c.userId) {
        seen.add(at);
        at = graph.get(at);
      }
      if (at === c.userId) {
        refused.add(c);
        graph.set(c.userId, this.managerOf.get(c.userId) ?? null);
      }
    }
    return refused;
  }
}

function customValue(field: FieldRow, v: string): { value: Value; code?: string } {
  if (field.type === 'number') {
    const n = Number(v);
    return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v) && Number.isFinite(n)
      ? { value: n }
      : { value: null, code: 'number' };
  }
  if (field.type === 'date') return DateSchema.safeParse(v).success ? { value: v } : { value: null, code: 'date' };
  if (field.type === 'select') {
    const option = field.options.find((o) => o.toLowerCase() === v.toLowerCase());
    return option ? { value: option } : { value: null, code: 'option' };
  }
  return v.length > 1000 ? { value: null, code: 'tooLong' } : { value: v };
}

const snapshot = (r: importRepo.RecordRow | null, v: repo.RecordValues = {}) => {
  const pick = <K extends keyof repo.RecordValues>(k: K, cur: Value | undefined) =>
    (v[k] !== undefined ? v[k] : (cur ?? null)) as Value;
  return {
    jobTitle: pick('jobTitle', r?.job_title),
    departmentId: pick('departmentId', r?.department_id),
    managerUserId: pick('managerUserId', r?.manager_user_id),
    employmentType: pick('employmentType', r?.employment_type),
    startDate: pick('startDate', r?.start_date),
    endDate: pick('endDate', r?.end_date),
    workLocation: pick('workLocation', r?.work_location),
    workPhone: pick('workPhone', r?.work_phone),
    emergencyContact: {
      name: pick('emergencyName', r?.emergency_name),
      relation: pick('emergencyRelation', r?.emergency_relation),
      phone: pick('emergencyPhone', r?.emergency_phone),
    },
    custom: v.custom ?? r?.custom ?? {},
  };
};

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
