import type { Language } from '@wac/shared/constants';
import { errorMessage } from '@wac/shared/errors';
import { type MemberImportResult, MemberImportRowSchema } from '@wac/shared/schemas/members';
import { validationMessage } from '@wac/shared/validation';
import type { TenantCtx } from '../../lib/context';
import { CsvError, parseCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { createInTx, type PendingMail, refusalInTx } from '../invitations/invitations.service';

/** Rows per file: each imported row sends a mail in the same request, so the request stays bounded. */
export const IMPORT_MAX_ROWS = 1000;
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
};

/** Reads and checks the uploaded CSV: the whole file is refused only when it is not a members CSV at all. */
function readRows(bytes: Buffer, lang: Language): Row[] {
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
  return table.slice(1).map((cells, n) => {
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
        status: 'invalid' as const,
        errors: [{ field: 'email', code: 'duplicate', message: validationMessage('duplicate', lang) }],
      };
    }
    seen.add(parsed.data.email);
    return { line, email: parsed.data.email, status: 'valid' as const, errors: [], data: parsed.data };
  });
}

const summary = (rows: Row[], imported: number): MemberImportResult => ({
  totalRows: rows.length,
  validRows: rows.filter((r) => r.status === 'valid' || r.status === 'invited').length,
  invalidRows: rows.filter((r) => r.status === 'invalid' || r.status === 'skipped').length,
  imported,
  rows: rows.map(({ data: _d, ...r }) => r),
});

/**
 * Good rows are imported, bad rows reported (docs/decisions/006-csv-import.md): each row is an
 * independent invitation, and the preview shows exactly what will happen before the admin commits.
 * `commit: false` (the preview) writes nothing.
 */
export async function importMembers(ctx: TenantCtx, { bytes, commit }: { bytes: Buffer; commit: boolean }) {
  const company = ctx.host;
  if (!company) throw new AppError('NOT_FOUND');
  const lang = ctx.actor.lang;
  const rows = readRows(bytes, lang);
  const mails: PendingMail[] = [];
  await ctx.run(async (tx) => {
    for (const row of rows) {
      if (row.status !== 'valid' || !row.data) continue;
      const code = await refusalInTx(tx, { companyId: ctx.companyId, email: row.email });
      if (code) {
        row.status = 'skipped';
        row.errors = [{ field: 'email', code, message: errorMessage(code, lang) }];
        continue;
      }
      if (!commit) continue;
      const { mail } = await createInTx(ctx, tx, {
        companyId: ctx.companyId,
        email: row.data.email,
        roles: [row.data.role],
        firstName: row.data.firstName,
        lastName: row.data.lastName,
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
        after: { totalRows: rows.length, invited: mails.length },
      });
    }
  });
  return summary(rows, mails.length);
}
