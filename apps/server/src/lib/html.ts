import { Parser } from 'htmlparser2';

/**
 * A strict allow-list sanitiser for policy text, on a real HTML parser (htmlparser2). What it keeps
 * is re-serialised from scratch, so the stored text is exactly what the allow-list produces: no
 * attribute, tag or URL scheme outside the lists survives, and every text is escaped again.
 *
 * Dangerous content (script-like elements, event handlers, javascript:/data: links, links to another
 * host written without a scheme such as '//host' or '/\host', style) is not silently dropped: the
 * caller refuses the input so the author learns it did not pass.
 */
const ALLOWED: Record<string, readonly string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  blockquote: [],
  code: [],
  pre: [],
  ul: [],
  ol: ['start'],
  li: [],
  a: ['href', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  caption: [],
};
const VOID = new Set(['br', 'hr']);
/** Elements whose presence is an attack or a script, never an accident of formatting. */
const DANGEROUS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'template',
  'noscript',
]);
/** Elements whose text is dropped with them (their content is not prose). */
const DROP_CONTENT = new Set([...DANGEROUS, 'title', 'head']);

/** A URL as a browser reads its scheme: blanks and control characters inside it are ignored. */
const withoutBlanks = (s: string) => [...s].filter((c) => c.charCodeAt(0) > 0x20).join('');

/**
 * An href as a browser's URL parser reads it: leading and trailing controls and spaces dropped, and
 * every tab and newline inside removed ('/\t/host' is '//host').
 */
function asBrowserReads(s: string) {
  const blank = (i: number) => s.charCodeAt(i) <= 0x20;
  let start = 0;
  let end = s.length;
  while (start < end && blank(start)) start++;
  while (end > start && blank(end - 1)) end--;
  return s.slice(start, end).replace(/[\t\n\r]/g, '');
}

/**
 * A link to another host that looks relative: in an http(s) URL a browser reads a backslash as a
 * slash, so '/\host', '\\host' and '\/host' all mean '//host' (protocol-relative).
 */
const OFF_SITE_RELATIVE = /^[\\/]{2}/;

/** Absolute http(s) or mailto, a fragment, or a path on this site (one slash, then not another). */
const SAFE_HREF = /^(https?:|mailto:|#|\/(?![\\/]))/i;

/**
 * How deep elements may sit inside each other. The editor's deepest text (a list in a list in a
 * table cell, with marks) is a few dozen; the HTML parser's cost grows with the square of the depth
 * (200 KB of '<b>' held the event loop 1.2 s), so deeper input is refused before it is parsed further.
 */
export const MAX_DEPTH = 100;

export interface SanitizeResult {
  html: string;
  /** Nested deeper than MAX_DEPTH: the caller refuses it (`html` and `text` are then partial). */
  tooDeep: boolean;
  /** What made the input unsafe, when it was: the caller refuses it. */
  unsafe: string[];
  /** The visible text, to refuse an empty body. */
  text: string;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** A row being written: where its `<tr>` is in the output, and its cells' kinds. */
interface RowState {
  /** Index of the `+tr` entry in the open-element stack. */
  depth: number;
  start: number;
  cells: number;
  allTh: boolean;
  /** Output indices of its header cells written without a scope, in order. */
  bareTh: number[];
  /** Output index of its first cell when that is a header cell written without a scope. */
  rowHeadAt: number | null;
  section: string | null;
  /** The table's first row outside a thead or tfoot, and the table has no thead. */
  candidate: boolean;
}
interface TableState {
  /** Index of the `+table` entry in the open-element stack. */
  depth: number;
  rows: number;
  head: boolean;
  section: string | null;
  sectionAt: number;
  row: RowState | null;
}

const withScope = (tag: string, scope: 'col' | 'row') => tag.replace(/>$/, ` scope="${scope}">`);

/**
 * A table's header semantics, which the console's editor does not write (it puts every row in one
 * tbody, header cells without a scope): a first row of header cells alone becomes the table's thead,
 * its cells `scope="col"`; a body row starting with a header cell gets `scope="row"` on it. So a
 * screen reader announces each data cell with its column (and row) heading. A table that has a thead
 * already, or cells with a scope, keeps them: applying this twice changes nothing.
 */
function closeRow(out: string[], table: TableState, row: RowState) {
  const header = row.section === 'thead' || (row.candidate && row.allTh && row.cells > 0);
  if (header) {
    for (const i of row.bareTh) out[i] = withScope(out[i]!, 'col');
  } else if (row.rowHeadAt !== null) {
    out[row.rowHeadAt] = withScope(out[row.rowHeadAt]!, 'row');
  }
  if (!header || row.section === 'thead') return;
  table.head = true;
  const between = out.slice(table.sectionAt + 1, row.start).join('');
  if (row.section === 'tbody' && table.sectionAt >= 0 && /^\s*$/.test(between)) {
    // <tbody><tr>…</tr> becomes <thead><tr>…</tr></thead><tbody>: the rest stays in the body.
    out[table.sectionAt] = '<thead>';
    out.push('</thead><tbody>');
  } else if (row.section === null) {
    out.splice(row.start, 0, '<thead>');
    out.push('</thead>');
  }
}

export function sanitizeHtml(input: string): SanitizeResult {
  const out: string[] = [];
  const unsafe: string[] = [];
  const text: string[] = [];
  let dropDepth = 0;
  let tooDeep = false;
  const open: string[] = [];
  const tables: TableState[] = [];
  /** Keeps the table bookkeeping of an element just written at out[out.length - 1], open[open.length - 1]. */
  const tableOpened = (name: string) => {
    const here = open.length - 1;
    if (name === 'table') {
      tables.push({ depth: here, rows: 0, head: false, section: null, sectionAt: -1, row: null });
      return;
    }
    const table = tables.at(-1);
    if (!table) return;
    if ((name === 'thead' || name === 'tbody' || name === 'tfoot') && here === table.depth + 1) {
      table.section = name;
      table.sectionAt = out.length - 1;
      if (name === 'thead') table.head = true;
    } else if (
      name === 'tr' &&
      (here === table.depth + 1 ||
        (here === table.depth + 2 && table.section && open[table.depth + 1] === `+${table.section}`))
    ) {
      const section = here === table.depth + 1 ? null : table.section;
      table.rows += 1;
      table.row = {
        depth: here,
        start: out.length - 1,
        cells: 0,
        allTh: true,
        bareTh: [],
        rowHeadAt: null,
        section,
        candidate: table.rows === 1 && !table.head && section !== 'tfoot' && section !== 'thead',
      };
    } else if ((name === 'th' || name === 'td') && table.row && here === table.row.depth + 1) {
      const row = table.row;
      row.cells += 1;
      if (name === 'td') row.allTh = false;
      if (name === 'th' && !out[out.length - 1]!.includes(' scope=')) {
        row.bareTh.push(out.length - 1);
        if (row.cells === 1) row.rowHeadAt = out.length - 1;
      }
    }
  };
  const tableClosed = (name: string) => {
    const table = tables.at(-1);
    if (!table) return;
    const here = open.length;
    if (name === 'table' && here === table.depth) tables.pop();
    else if (name === 'tr' && table.row && here === table.row.depth) {
      closeRow(out, table, table.row);
      table.row = null;
    } else if ((name === 'thead' || name === 'tbody' || name === 'tfoot') && here === table.depth + 1)
      table.section = null;
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (open.length >= MAX_DEPTH) {
          tooDeep = true;
          parser.pause();
          return;
        }
        if (DROP_CONTENT.has(name)) {
          if (DANGEROUS.has(name)) unsafe.push(`<${name}>`);
          if (!VOID.has(name)) dropDepth++;
          open.push(`!${name}`);
          return;
        }
        for (const [key, value] of Object.entries(attrs)) {
          if (/^on/i.test(key)) unsafe.push(`${key}=`);
          if (key === 'style') unsafe.push('style=');
          if (
            (key === 'href' || key === 'src' || key === 'action' || key === 'formaction') &&
            /^(javascript|vbscript|data):/i.test(withoutBlanks(value))
          ) {
            unsafe.push(`${key}=${value.slice(0, 20)}`);
          }
          if (key === 'href' && OFF_SITE_RELATIVE.test(asBrowserReads(value)))
            unsafe.push(`href=${value.slice(0, 20)}`);
        }
        const allowed = ALLOWED[name];
        if (!allowed || dropDepth > 0) {
          open.push(`-${name}`);
          return;
        }
        let tag = `<${name}`;
        for (const key of allowed) {
          const value = attrs[key];
          if (value === undefined) continue;
          if (key === 'href') {
            // Stored as the browser will read it, so what was checked is what is followed.
            const href = asBrowserReads(value);
            if (!SAFE_HREF.test(href)) continue;
            tag += ` href="${escapeAttr(href)}" rel="noopener noreferrer nofollow"`;
            if (/^https?:/i.test(href)) tag += ' target="_blank"';
            continue;
          }
          if ((key === 'colspan' || key === 'rowspan' || key === 'start') && !/^\d{1,3}$/.test(value)) continue;
          if (key === 'scope' && !/^(row|col|rowgroup|colgroup)$/.test(value)) continue;
          tag += ` ${key}="${escapeAttr(value)}"`;
        }
        out.push(`${tag}>`);
        open.push(VOID.has(name) ? `-${name}` : `+${name}`);
        if (!VOID.has(name)) tableOpened(name);
      },
      ontext(data) {
        if (dropDepth > 0) return;
        out.push(escapeText(data));
        text.push(data);
      },
      onclosetag(name) {
        const top = open.pop();
        if (!top) return;
        if (top.startsWith('!')) {
          if (!VOID.has(name)) dropDepth = Math.max(0, dropDepth - 1);
          return;
        }
        if (top.startsWith('+')) {
          out.push(`</${top.slice(1)}>`);
          tableClosed(top.slice(1));
        }
      },
      oncomment() {},
      onprocessinginstruction() {},
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  // In slices, so a refusal for depth stops the parsing where it is found.
  for (let i = 0; i < input.length && !tooDeep; i += 16_384) parser.write(input.slice(i, i + 16_384));
  if (!tooDeep) parser.end();
  return { html: out.join('').trim(), tooDeep, unsafe, text: text.join('').replace(/\s+/g, ' ').trim() };
}
