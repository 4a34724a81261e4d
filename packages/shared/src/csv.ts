/**
 * One CSV cell as every export writes it, on the server (streamed listings) and in the console (a
 * chart's series): formula-neutralised (CSV injection, OWASP) at its start and after any locale's
 * separator, and quoted when it holds a separator of any locale, a quote or a line break.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
// A spreadsheet opens a CSV with its locale's separator: a comma (en), a semicolon (de, fr, pt),
// or a tab. Whatever follows any of them may be read as the start of a new field.
const FORMULA_AFTER_SEPARATOR = /([,;\t])([=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  s = s.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
