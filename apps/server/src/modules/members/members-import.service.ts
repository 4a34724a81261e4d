import { errorMessage } from '@wac/shared/errors';
import { type MemberImportResult, MemberImportRowSchema } from '@wac/shared/schemas/members';
import { validationMessage } from '@wac/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit';
import { CsvError, parseCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { readUpload, uploadedFile } from '../../lib/images';
import * as invitationsRepo from '../invitations/invitations.repository';
import { type CompanyRef, createInTx, type PendingMail, sendInvitationMail } from '../invitations/invitations.service';
import type { TenantCtx } from './members.service';

/** Rows per file: each imported row sends a mail in the same request, so the request stays bounded. */
export const IMPORT_MAX_ROWS = 1000;
const COLUMNS = ['email', 'firstname', 'lastname', 'role'] as const;

type Row = MemberImportResult['rows'][number] & {
  data?: { email: string; firstName: string; lastName: string; role: 'admin' | 'member' };
};

/** Reads and checks the uploaded CSV: the whole file is refused only when it is not a members CSV at all. */
async function readRows(request: FastifyRequest): Promise<Row[]> {
  const bytes = await readUpload(await uploadedFile(request));
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
  if (index.slice(0, 3).some((i) => i < 0) || table.length < 2) throw new AppError('CSV_INVALID');

  const lang = request.lang;
  const seen = new Set<string>();
  return table.slice(1).map((cells, n) => {
    const line = n + 2;
    const get = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const raw = {
      email: get(index[0]!),
      firstName: get(index[1]!),
      lastName: get(index[2]!),
      role: get(index[3]!).toLowerCase() || 'member',
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
export async function importMembers(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: TenantCtx,
  company: CompanyRef,
  commit: boolean,
) {
  const rows = await readRows(request);
  const lang = request.lang;
  const mails: PendingMail[] = [];
  await ctx.run(async (tx) => {
    for (const row of rows) {
      if (row.status !== 'valid' || !row.data) continue;
      const code = (await invitationsRepo.isMemberByEmail(tx, ctx.companyId, row.email))
        ? 'ALREADY_MEMBER'
        : (await invitationsRepo.pendingFor(tx, ctx.companyId, row.email))
          ? 'INVITATION_PENDING'
          : null;
      if (code) {
        row.status = 'skipped';
        row.errors = [{ field: 'email', code, message: errorMessage(code, lang) }];
        continue;
      }
      if (!commit) continue;
      const { mail } = await createInTx(tx, request, ctx.companyId, {
        email: row.data.email,
        roles: [row.data.role],
        firstName: row.data.firstName,
        lastName: row.data.lastName,
      });
      mails.push(mail);
      row.status = 'invited';
    }
    if (commit) {
      await audit(tx, request, {
        action: 'member.import',
        targetType: 'company',
        targetId: ctx.companyId,
        companyId: ctx.companyId,
        after: { totalRows: rows.length, invited: mails.length },
      });
    }
  });
  for (const mail of mails) await sendInvitationMail(app, lang, company, mail);
  return summary(rows, mails.length);
}
