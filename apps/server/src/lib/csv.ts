import { csvCell } from '@wac/shared/csv';

/**
 * A small RFC 4180 CSV reader and writer. The writer neutralises spreadsheet formulas
 * (CSV injection, OWASP): a cell starting with = + - @ TAB or CR is prefixed with a quote.
 */

export class CsvError extends Error {}

export interface ParseOptions {
  maxRows?: number;
  maxFieldLength?: number;
}

/** Parses CSV text into rows of strings. Accepts a BOM, CRLF or LF, quoted fields with "" escapes. */
export function parseCsv(input: string, opts: ParseOptions = {}): string[][] {
  const maxRows = opts.maxRows ?? 100_000;
  const maxField = opts.maxFieldLength ?? 10_000;
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const pushField = () => {
    if (field.length > maxField) throw new CsvError('field too long');
    row.push(field);
    field = '';
  };
  const pushRow = () => {
    pushField();
    // Blank lines carry nothing: skip them rather than report an empty row.
    if (!(row.length === 1 && row[0] === '')) {
      if (rows.length >= maxRows) throw new CsvError('too many rows');
      rows.push(row);
    }
    row = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (field.length > 0) throw new CsvError('quote inside an unquoted field');
      quoted = true;
    } else if (c === ',') {
      pushField();
    } else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      pushRow();
    } else if (c === '\n') {
      pushRow();
    } else {
      field += c;
    }
    i++;
  }
  if (quoted) throw new CsvError('unterminated quoted field');
  if (field.length > 0 || row.length > 0) pushRow();
  return rows;
}

/** One cell, formula-neutralised and quoted as needed (shared with the console's chart CSV). */
export { csvCell };

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
