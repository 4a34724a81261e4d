import { DateSchema, EMPLOYMENT_TYPES, type EmployeeCsvColumn } from '@wac/shared/schemas/employees';
import type * as importRepo from './employee-import.repository';
import type { FieldRow } from './employee-fields.repository';
import type * as repo from './employees.repository';

/**
 * The checks of the members CSV's employee-record cells (docs/people.md): one row at a time against
 * the company as loaded by `recordImportInTx`, then the manager loops across the whole file. Pure:
 * no database, so the same checks serve the preview and the commit.
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

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** A header as people write it, in any case and spacing: `First Name`, `first_name`, `E-Mail` are `firstname`, `email`. */
export const headerKey = (cell: string) =>
  cellValue(cell)
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');

export class RecordImport {
  constructor(
    private readonly standard: Array<{ index: number; column: EmployeeCsvColumn }>,
    private readonly custom: Array<{ index: number; field: FieldRow }>,
    private readonly byEmail: Map<string, importRepo.RecordRow>,
    private readonly departments: Map<string, string>,
    private readonly managerOf: Map<string, string | null>,
  ) {}

  /** The file's column of a field a row's issue names (a standard column, or a custom field by its label); -1 when none. */
  columnIndex(field: string) {
    return (
      this.standard.find((s) => s.column === field)?.index ??
      this.custom.find((c) => c.field.label === field)?.index ??
      -1
    );
  }

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

export const snapshot = (r: importRepo.RecordRow | null, v: repo.RecordValues = {}) => {
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
