import type { Language } from '@wac/shared/constants';
import { errorMessage } from '@wac/shared/errors';
import { type MemberImportResult, MemberImportRowSchema } from '@wac/shared/schemas/members';
import { importRowMessage } from '@wac/shared/import-messages';
import { validationMessage } from '@wac/shared/validation';
import type { TenantCtx } from '../../lib/context';
import { CsvError, csvLine, parseCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import {
  applyRecordChangesInTx,
  exportColumnsInTx,
  type RecordImportPlan,
  recordImportInTx,
  recordsChanged,
} from '../employees/employee-import.service';
import type { RecordChange } from '../employees/employee-record-check.service';
import { createInTx, type PendingMail, quotaLeft, refusalInTx } from '../invitations/invitations.service';

/**
 * Rows per file. Invitation mails are jobs (enqueued in the import's transaction), and a file of
 * record updates for a company of thousands is one file; the 2 MB upload limit bounds it as well.
 */
export const IMPORT_MAX_ROWS = 10_000;
const COLUMNS = ['email', 'firstname', 'lastname'] as const;
/** The role column as people write it (`role`) or as the members export writes it (`roles`). */
const ROLE_COLUMNS = ['role', 'roles'] as const;

/**
 * One membership role from a cell: `admin`, `member`, or the export's list (`admin member`), where
 * admin wins. Anything else is kept as written, so the row says what is wrong with it.
 */
export function roleOf(cell: string): string {
  const roles = cell
    .toLowerCase()
    .split(/[\s,;|]+/)
    .filter(Boolean);
  if (roles.length === 0) return 'member';
  if (roles.includes('admin')) return 'admin';
  return roles.length === 1 || roles.every((r) => r === 'member') ? (roles[0] ?? 'member') : roles.join(' ');
}

type Row = MemberImportResult['rows'][number] & {
  data?: { email: string; firstName: string; lastName: string; role: 'admin' | 'member' };
  cells: string[];
  change?: RecordChange | null;
  /** The record of a person who is invited: stored with the invitation, written when they join. */
  pending?: Record<string, unknown> | null;
};

/** Reads and checks the uploaded CSV: the whole file is refused only when it is not a members CSV at all. */
function readRows(bytes: Buffer, lang: Language): { header: string[]; rows: Row[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('CSV_INVALID');
  }
  let table: string[][];
  try {
    table = parseCsv(text, { maxRows: IMPORT_MAX_ROWS + 1, maxFieldLength: 1000 });
  } catch (e) {
    if (e instanceof CsvError) throw new AppError('CSV_INVALID');
    throw e;
  }
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  const index = COLUMNS.map((c) => header.indexOf(c));
  if (index.some((i) => i < 0) || table.length < 2) throw new AppError('CSV_INVALID');
  const roleIndex = ROLE_COLUMNS.map((c) => header.indexOf(c)).find((i) => i >= 0) ?? -1;

  const seen = new Set<string>();
  const rows = table.slice(1).map((cells, n): Row => {
    const line = n + 2;
    const get = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const raw = {
      email: get(index[0]!),
      firstName: get(index[1]!),
      lastName: get(index[2]!),
      role: roleOf(get(roleIndex)),
    };
    const parsed = MemberImportRowSchema.safeParse(raw);
    if (!parsed.success) {
      return {
        line,
        email: raw.email,
        cells,
        status: 'invalid' as const,
        errors: parsed.error.issues.map((i) => {
          const code = /^[a-zA-Z]+$/.test(i.message) ? i.message : 'invalid';
          return { field: String(i.path[0] ?? ''), code, message: validationMessage(code, lang) };
        }),
      };
    }
    if (seen.has(parsed.data.email)) {
      return {
        line,
        email: parsed.data.email,
        cells,
        status: 'invalid' as const,
        errors: [{ field: 'email', code: 'duplicate', message: validationMessage('duplicate', lang) }],
      };
    }
    seen.add(parsed.data.email);
    return { line, email: parsed.data.email, cells, status: 'valid' as const, errors: [], data: parsed.data };
  });
  return { header, rows };
}

const summary = (rows: Row[], imported: number, updated: number): MemberImportResult => ({
  totalRows: rows.length,
  validRows: rows.filter((r) => r.status !== 'invalid' && r.status !== 'skipped').length,
  invalidRows: rows.filter((r) => r.status === 'invalid' || r.status === 'skipped').length,
  imported,
  updated,
  rows: rows.map(({ data: _d, cells: _c, change: _ch, pending: _p, ...r }) => r),
});

/**
 * The record cells of every valid row: errors make the row invalid (nothing of it is written); an
 * existing member's row becomes a record change instead of an invitation. Loops in the manager
 * chain are looked for across the whole file.
 */
function checkRecords(plan: RecordImportPlan, rows: Row[], uuidIndex: number, lang: Language) {
  const issue = (field: string, code: string) => ({ field, code, message: importRowMessage(code, lang) });
  for (const row of rows) {
    if (row.status !== 'valid') continue;
    const { issues, change, pending } = plan.check(
      row.email,
      uuidIndex >= 0 ? (row.cells[uuidIndex] ?? '').trim() : '',
      row.cells,
    );
    if (issues.length) {
      row.status = 'invalid';
      row.errors = issues.map((i) => issue(i.field, i.code));
    } else if (!plan.member(row.email)) {
      row.pending = pending as Record<string, unknown> | null;
    } else {
      row.change = change;
      if (!change || Object.keys(change.values).length === 0) row.status = 'unchanged';
    }
  }
  const changes = rows.flatMap((r) => (r.status === 'valid' && r.change ? [r.change] : []));
  const loops = plan.loops(changes);
  for (const row of rows) {
    if (row.change && loops.has(row.change)) {
      row.status = 'invalid';
      row.errors = [issue('managerEmail', 'managerCycle')];
      row.change = null;
    }
  }
}

/**
 * Good rows are imported, bad rows reported (docs/decisions/006-csv-import.md): each row is an
 * independent invitation, and the preview shows exactly what will happen before the admin commits.
 * `commit: false` (the preview) writes nothing.
 */
export interface ImportInput {
  bytes: Buffer;
  commit: boolean;
  /** Whether the caller writes employee records (peopleHR): a file with record columns is refused otherwise. */
  records: boolean;
}

export async function importMembers(ctx: TenantCtx, { bytes, commit, records }: ImportInput) {
  const company = ctx.host;
  if (!company) throw new AppError('NOT_FOUND');
  const lang = ctx.actor.lang;
  const { header, rows } = readRows(bytes, lang);
  const mails: PendingMail[] = [];
  let updated = 0;
  await ctx.run(async (tx) => {
    const plan = await recordImportInTx(tx, ctx.companyId, header);
    if (plan && !records) throw new AppError('FORBIDDEN');
    if (plan) checkRecords(plan, rows, header.indexOf('uuid'), lang);
    const changing = rows.filter((r) => r.status === 'valid' && r.change);
    if (commit && changing.length) {
      const written = await applyRecordChangesInTx(
        ctx,
        tx,
        changing.map((r) => r.change!),
      );
      for (const row of changing) {
        if (written.has(row.change!.userId)) {
          row.status = 'updated';
          updated++;
        } else {
          row.status = 'skipped';
          row.errors = [{ field: 'email', code: 'VERSION_CONFLICT', message: errorMessage('VERSION_CONFLICT', lang) }];
        }
      }
    }
    // The invitation quota decides how many of the file's new people are invited now; the rest are
    // reported (preview and commit alike) and can be imported again later: a file is never refused whole.
    const quota = await quotaLeft(ctx, tx, ctx.companyId);
    let invitable = quota.left;
    for (const row of rows) {
      if (row.status !== 'valid' || !row.data) continue;
      if (row.change) continue;
      const code = await refusalInTx(tx, { companyId: ctx.companyId, email: row.email });
      if (code || invitable <= 0) {
        const why = code ?? quota.code;
        row.status = 'skipped';
        row.errors = [{ field: 'email', code: why, message: errorMessage(why, lang) }];
        continue;
      }
      invitable -= 1;
      if (!commit) continue;
      const { mail } = await createInTx(ctx, tx, {
        companyId: ctx.companyId,
        email: row.data.email,
        roles: [row.data.role],
        firstName: row.data.firstName,
        lastName: row.data.lastName,
        employee: row.pending ?? null,
      });
      mails.push(mail);
      row.status = 'invited';
    }
    if (commit) {
      await ctx.audit(tx, {
        action: 'member.import',
        targetType: 'company',
        targetId: ctx.companyId,
        companyId: ctx.companyId,
        after: { totalRows: rows.length, invited: mails.length, updated },
      });
    }
  });
  if (updated) await recordsChanged(ctx);
  return summary(rows, mails.length, updated);
}

/** The import's header row: the membership columns, then (for peopleHR writers) the record columns and custom fields. */
export async function importTemplate(ctx: TenantCtx, { records }: { records: boolean }) {
  const extra = records ? (await ctx.run((tx) => exportColumnsInTx(tx, ctx.companyId))).header : [];
  return `\uFEFF${csvLine(['email', 'firstName', 'lastName', 'role', ...extra])}`;
}
