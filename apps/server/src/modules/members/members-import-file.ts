import { IMPORT_MAX_ROWS, type Language } from '@wac/shared/constants';
import { type MemberImportResult, MemberImportRowSchema } from '@wac/shared/schemas/members';
import { validationMessage } from '@wac/shared/validation';
import { CsvError, type CsvRecord, parseCsvRecords, sniffDelimiter } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { cellValue, headerKey, type RecordChange } from '../employees/employee-record-check.service';

/**
 * The members CSV as a file (no database): its encoding, separator, header and rows, each row with
 * the line it starts on and its membership cells checked. The import service goes on from here.
 */

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

export type Row = MemberImportResult['problems'][number] & {
  data?: { email: string; firstName: string; lastName: string; role: 'admin' | 'member' };
  cells: string[];
  change?: RecordChange | null;
  /** The record of a person who is invited: stored with the invitation, written when they join. */
  pending?: Record<string, unknown> | null;
};

/**
 * A CSV file's text in the encoding it was saved in: UTF-8 (with or without a BOM), or UTF-16 with
 * its BOM (Excel's "Unicode text"). Anything else (Excel's "CSV" in a Windows code page) is refused
 * with what to do, rather than read with its accents wrong.
 */
function decode(bytes: Buffer): string {
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  try {
    return new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('CSV_ENCODING');
  }
}

/** Reads and checks the uploaded CSV: the whole file is refused only when it is not a members CSV at all. */
export function readRows(bytes: Buffer, lang: Language) {
  const text = decode(bytes);
  let table: CsvRecord[];
  try {
    // One row past the cap (plus the header) tells a file that is too long from one that fits.
    table = parseCsvRecords(text, {
      maxRows: IMPORT_MAX_ROWS + 2,
      maxFieldLength: 1000,
      delimiter: sniffDelimiter(text),
    });
  } catch (e) {
    // A stray quote is said with its line, not as a file without the right columns.
    if (e instanceof CsvError && e.line) throw new AppError('CSV_QUOTE', undefined, undefined, { line: e.line });
    if (e instanceof CsvError) throw new AppError('CSV_INVALID');
    throw e;
  }
  if (table.length > IMPORT_MAX_ROWS + 1) throw new AppError('IMPORT_TOO_MANY_ROWS');
  // The header as the admin wrote it: errors name their column by it.
  const header = (table[0]?.cells ?? []).map((h) => cellValue(h));
  const keys = header.map(headerKey);
  const index = COLUMNS.map((c) => keys.indexOf(c));
  if (index.some((i) => i < 0)) throw new AppError('CSV_INVALID');
  if (table.length < 2) throw new AppError('IMPORT_EMPTY');
  const roleIndex = ROLE_COLUMNS.map((c) => keys.indexOf(c)).find((i) => i >= 0) ?? -1;
  const columnOf: Record<string, number> = {
    email: index[0]!,
    firstName: index[1]!,
    lastName: index[2]!,
    role: roleIndex,
  };
  const column = (field: string) => header[columnOf[field] ?? -1] ?? field;

  const seen = new Set<string>();
  const rows = table.slice(1).map(({ line, cells }): Row => {
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
          const field = String(i.path[0] ?? '');
          const max = (i as { maximum?: unknown }).maximum;
          return { field, column: column(field), code, message: validationMessage(code, lang, { max }) };
        }),
      };
    }
    if (seen.has(parsed.data.email)) {
      return {
        line,
        email: parsed.data.email,
        cells,
        status: 'invalid' as const,
        errors: [
          { field: 'email', column: column('email'), code: 'duplicate', message: validationMessage('duplicate', lang) },
        ],
      };
    }
    seen.add(parsed.data.email);
    return { line, email: parsed.data.email, cells, status: 'valid' as const, errors: [], data: parsed.data };
  });
  return { header, keys, rows, column };
}
