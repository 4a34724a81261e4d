import { randomUUID } from 'node:crypto';
import { IMPORT_MAX_ROWS, IMPORT_PROBLEM_ROWS, type Language } from '@wac/shared/constants';
import { errorMessage } from '@wac/shared/errors';
import type { MemberImportProgress, MemberImportResult } from '@wac/shared/schemas/members';
import { importRowMessage } from '@wac/shared/import-messages';
import type { TenantCtx } from '../../lib/context';
import { csvLine } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { batchProgress } from '../../lib/jobs/queue';
import {
  applyRecordChangesInTx,
  exportColumnsInTx,
  type RecordImportPlan,
  recordImportInTx,
  recordsChanged,
} from '../employees/employee-import.service';
import { createManyInTx, type ImportInvitation, refusalsInTx } from '../invitations/invitations-batch.service';
import { quotaLeft } from '../invitations/invitations.service';
import { type Row, readRows } from './members-import-file';

export { IMPORT_MAX_ROWS };
export { roleOf } from './members-import-file';
const PROBLEM: ReadonlySet<Row['status']> = new Set(['invalid', 'skipped']);

/**
 * The answer: counts of every row and the problem rows (invalid, skipped), the first
 * IMPORT_PROBLEM_ROWS of them: a 100,000-row file answers in kilobytes, not one object per row.
 */
function summary(rows: Row[], imported: number, updated: number, batchId: string | null): MemberImportResult {
  const counts = { valid: 0, invalid: 0, invited: 0, skipped: 0, updated: 0, unchanged: 0 };
  const problems: MemberImportResult['problems'] = [];
  for (const r of rows) {
    counts[r.status] += 1;
    if (PROBLEM.has(r.status) && problems.length < IMPORT_PROBLEM_ROWS) {
      problems.push({ line: r.line, email: r.email, status: r.status, errors: r.errors });
    }
  }
  const invalidRows = counts.invalid + counts.skipped;
  return {
    totalRows: rows.length,
    validRows: rows.length - invalidRows,
    invalidRows,
    imported,
    updated,
    counts,
    problems,
    problemsTruncated: invalidRows > problems.length,
    batchId,
  };
}

/**
 * The record cells of every valid row: errors make the row invalid (nothing of it is written); an
 * existing member's row becomes a record change instead of an invitation. Loops in the manager
 * chain are looked for across the whole file.
 */
function checkRecords(
  plan: RecordImportPlan,
  rows: Row[],
  uuidIndex: number,
  column: (field: string) => string,
  lang: Language,
) {
  const issue = (field: string, code: string) => ({
    field,
    column: column(field),
    code,
    message: importRowMessage(code, lang),
  });
  for (const row of rows) {
    if (row.status !== 'valid' && row.status !== 'invalid') continue;
    const { issues, change, pending } = plan.check(
      row.email,
      uuidIndex >= 0 ? (row.cells[uuidIndex] ?? '').trim() : '',
      row.cells,
    );
    // A row already refused (its email, its name) says what else is wrong with it too, so that one
    // round of fixes is enough: its record cells are checked, never written.
    if (row.status === 'invalid') {
      row.errors = [...row.errors, ...issues.map((i) => issue(i.field, i.code))];
      continue;
    }
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
  const { header, keys, rows, column: memberColumn } = readRows(bytes, lang);
  const uuidIndex = keys.indexOf('uuid');
  let updated = 0;
  let invited = 0;
  let batchId: string | null = null;
  await ctx.run(async (tx) => {
    const plan = await recordImportInTx(tx, ctx.companyId, header);
    if (plan && !records) throw new AppError('FORBIDDEN');
    if (plan) {
      // A record field's error names the column the admin wrote for it.
      const column = (field: string) => {
        const i = field === 'uuid' ? uuidIndex : plan.columnIndex(field);
        return i >= 0 ? (header[i] ?? field) : memberColumn(field);
      };
      checkRecords(plan, rows, uuidIndex, column, lang);
    }
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
          row.errors = [
            {
              field: 'email',
              column: memberColumn('email'),
              code: 'VERSION_CONFLICT',
              message: errorMessage('VERSION_CONFLICT', lang),
            },
          ];
        }
      }
    }
    // The invitation quota decides how many of the file's new people are invited now; the rest are
    // reported (preview and commit alike) and can be imported again later: a file is never refused whole.
    const newcomers = rows.filter((r) => r.status === 'valid' && r.data && !r.change);
    const refusals = await refusalsInTx(tx, { companyId: ctx.companyId, emails: newcomers.map((r) => r.email) });
    const quota = await quotaLeft(ctx, tx, ctx.companyId);
    let invitable = quota.left;
    const inviting: Row[] = [];
    for (const row of newcomers) {
      const code = refusals.get(row.email);
      if (code || invitable <= 0) {
        const why = code ?? quota.code;
        row.status = 'skipped';
        row.errors = [{ field: 'email', column: memberColumn('email'), code: why, message: errorMessage(why, lang) }];
        continue;
      }
      invitable -= 1;
      inviting.push(row);
    }
    if (!commit) return;
    batchId = inviting.length ? randomUUID() : null;
    invited = await createManyInTx(ctx, tx, {
      companyId: ctx.companyId,
      batchId: batchId ?? '',
      invitations: inviting.map(
        (r): ImportInvitation => ({
          email: r.data!.email,
          roles: [r.data!.role],
          firstName: r.data!.firstName,
          lastName: r.data!.lastName,
          employee: r.pending ?? null,
        }),
      ),
    });
    for (const row of inviting) row.status = 'invited';
    await ctx.audit(tx, {
      action: 'member.import',
      targetType: 'company',
      targetId: ctx.companyId,
      companyId: ctx.companyId,
      after: { totalRows: rows.length, invited, updated, batchId },
    });
  });
  if (updated) await recordsChanged(ctx);
  return summary(rows, invited, updated, batchId);
}

/**
 * The invitation mails of one import, from its jobs (so a reload or a restart loses nothing):
 * done ones were sent (or found their invitation cancelled meanwhile), dead ones failed, the rest
 * wait or are being retried. Another company's import, or none, is NOT_FOUND.
 */
export async function importProgress(ctx: TenantCtx, batchId: string): Promise<MemberImportProgress> {
  const counts = await ctx.run((tx) => batchProgress(tx, batchId));
  const by = new Map(counts.map((c) => [c.state, c.n]));
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) throw new AppError('NOT_FOUND');
  const sent = by.get('done') ?? 0;
  const failed = by.get('dead') ?? 0;
  return { batchId, total, sent, failed, pending: total - sent - failed, done: sent + failed === total };
}

/** The import's header row: the membership columns, then (for peopleHR writers) the record columns and custom fields. */
export async function importTemplate(ctx: TenantCtx, { records }: { records: boolean }) {
  const extra = records ? (await ctx.run((tx) => exportColumnsInTx(tx, ctx.companyId))).header : [];
  return `\uFEFF${csvLine(['email', 'firstName', 'lastName', 'role', ...extra])}`;
}
