import { csvCell } from '@wac/shared/csv';

/**
 * A small RFC 4180 CSV reader and writer. The writer neutralises spreadsheet formulas
 * (CSV injection, OWASP): a cell starting with = + - @ TAB or CR is prefixed with a quote.
 */

export class CsvError extends Error {
  /** The file's line where it went wrong (a stray quote: its line; a quoted cell left open: where it opened). */
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

export interface ParseOptions {
  maxRows?: number;
  maxFieldLength?: number;
  /** The field separator: a comma unless told (`sniffDelimiter` reads it from a file's first line). */
  delimiter?: ',' | ';' | '\t';
}

/** One record of a CSV file and the line of the file it starts on, as a text editor numbers it (from 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The separator of a file, read from its first record: the one of comma, semicolon (what Excel writes
 * where the decimal separator is a comma: de, fr, pt) or tab (Excel's "Unicode text") found most
 * often outside quotes. A comma when none is.
 */
export function sniffDelimiter(input: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of input.charCodeAt(0) === 0xfeff ? input.slice(1) : input) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (counts[','] + counts[';'] + counts['\t'] > 0) break;
    } else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

/** Parses CSV text into rows of strings. Accepts a BOM, CRLF or LF, quoted fields with "" escapes. */
export function parseCsv(input: string, opts: ParseOptions = {}): string[][] {
  return parseCsvRecords(input, opts).map((r) => r.cells);
}

/**
 * Parses CSV text into records, each with the line it starts on, counted as an editor counts them:
 * every CRLF, LF or CR is a line, also inside a quoted cell, and a skipped blank line still counts.
 * A record whose cells are all blank (an empty line, or the `,,,,` a spreadsheet writes for an empty
 * row) carries nothing and is skipped.
 */
export function parseCsvRecords(input: string, opts: ParseOptions = {}): CsvRecord[] {
  const maxRows = opts.maxRows ?? 100_000;
  const maxField = opts.maxFieldLength ?? 10_000;
  const delimiter = opts.delimiter ?? ',';
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: CsvRecord[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const pushField = () => {
    if (field.length > maxField) throw new CsvError('field too long');
    row.push(field);
    field = '';
  };
  const pushRow = () => {
    pushField();
    // Blank rows carry nothing: skip them rather than report an empty row.
    if (row.some((cell) => cell.trim() !== '')) {
      if (rows.length >= maxRows) throw new CsvError('too many rows');
      rows.push({ line: rowLine, cells: row });
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
      if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (field.length > 0) throw new CsvError('quote inside an unquoted field', line);
      quoted = true;
    } else if (c === delimiter) {
      pushField();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      pushRow();
      line++;
      rowLine = line;
    } else {
      field += c;
    }
    i++;
  }
  if (quoted) throw new CsvError('unterminated quoted field', rowLine);
  if (field.length > 0 || row.length > 0) pushRow();
  return rows;
}

/** One cell, formula-neutralised and quoted as needed (shared with the console's chart CSV). */
export { csvCell };

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
