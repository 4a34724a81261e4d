// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, sanitizeHtml } from './html';

const link = (href: string) => sanitizeHtml(`<p><a href="${href}">read</a></p>`);

describe('sanitizeHtml links', () => {
  // Each of these is a link to another site that looks relative: a browser reads a backslash as a
  // slash in an http(s) URL and drops tabs and newlines anywhere in it, so all of them are //evil.test.
  it.each([
    ['//evil.test'],
    ['/\\evil.test'],
    ['\\\\evil.test'],
    ['\\/evil.test'],
    ['/\\EVIL.TEST/Path'],
    ['/\t/evil.test'],
    ['/\n/evil.test'],
    ['/\r\n\\evil.test'],
    ['\t/\\evil.test'],
    [' \\\\evil.test '],
    ['/&#92;evil.test'],
    ['/&Tab;/evil.test'],
    ['&#x2F;&#x5C;evil.test'],
  ])('refuses the protocol-relative %j', (href) => {
    const r = link(href);
    expect(r.unsafe).not.toEqual([]);
    expect(r.html).not.toContain('evil');
  });

  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,x'],
    ['VBScript:x'],
  ])('refuses the scheme of %j', (href) => {
    expect(link(href).unsafe).not.toEqual([]);
  });

  // What is kept is what a browser will follow: blanks inside are gone from the stored href.
  it.each([
    ['https://example.com/a', 'https://example.com/a', true],
    ['HTTP://example.com', 'HTTP://example.com', true],
    ['ht\ttps://example.com', 'https://example.com', true],
    ['mailto:hr@acme.test', 'mailto:hr@acme.test', false],
    ['MAILTO:hr@acme.test', 'MAILTO:hr@acme.test', false],
    ['/admin/my-policies', '/admin/my-policies', false],
    ['/a\\b', '/a\\b', false],
    ['/%5Cevil.test', '/%5Cevil.test', false],
    ['#section-2', '#section-2', false],
    ['  /handbook  ', '/handbook', false],
  ])('keeps %j as %j', (href, kept, external) => {
    const r = link(href);
    expect(r.unsafe).toEqual([]);
    expect(r.html).toBe(
      `<p><a href="${kept.replace(/&/g, '&amp;')}" rel="noopener noreferrer nofollow"${external ? ' target="_blank"' : ''}>read</a></p>`,
    );
  });

  it.each([['ftp://files.example.com'], ['evil.test'], ['\\evil.test'], ['tel:+123']])(
    'drops the href %j it does not allow, keeping the text',
    (href) => {
      const r = link(href);
      expect(r.unsafe).toEqual([]);
      expect(r.html).toBe('<p><a>read</a></p>');
    },
  );
});

describe('sanitizeHtml depth', () => {
  it('stops at MAX_DEPTH elements inside one another and says so; keeps what the editor nests', () => {
    expect(sanitizeHtml('<b>'.repeat(66_000)).tooDeep).toBe(true);
    expect(sanitizeHtml(`${'<blockquote>'.repeat(MAX_DEPTH + 1)}x`).tooDeep).toBe(true);
    const ok = sanitizeHtml(`${'<blockquote>'.repeat(MAX_DEPTH)}x`);
    expect(ok.tooDeep).toBe(false);
    expect(ok.text).toBe('x');
    // Siblings are not depth: a long flat text is read whole.
    const flat = sanitizeHtml('<p>a <b>b</b></p>'.repeat(10_000));
    expect(flat.tooDeep).toBe(false);
    expect(flat.html.match(/<b>/g)).toHaveLength(10_000);
  });
});

describe('sanitizeHtml table headers', () => {
  const clean = (html: string) => sanitizeHtml(html).html;

  it("moves the editor's first row of header cells into a thead, each cell a column heading", () => {
    // What the console's editor (Tiptap) writes: every row in one tbody, header cells without a scope.
    const edited =
      '<table><tbody><tr><th colspan="2"><p>Value</p></th><th><p>What to do</p></th></tr>' +
      '<tr><td><p>Up to 50 €</p></td><td><p>Accept</p></td></tr></tbody></table>';
    expect(clean(edited)).toBe(
      '<table><thead><tr><th colspan="2" scope="col"><p>Value</p></th><th scope="col"><p>What to do</p></th></tr></thead>' +
        '<tbody><tr><td><p>Up to 50 €</p></td><td><p>Accept</p></td></tr></tbody></table>',
    );
    // Applied again (a saved text loaded and saved): nothing changes.
    expect(clean(clean(edited))).toBe(clean(edited));
  });

  it('gives a body row that starts with a header cell its row heading, and leaves a first row with data alone', () => {
    const rows = '<table><tr><th>Monday</th><td>9–17</td></tr><tr><th>Tuesday</th><td>9–13</td></tr></table>';
    expect(clean(rows)).toBe(
      '<table><tr><th scope="row">Monday</th><td>9–17</td></tr><tr><th scope="row">Tuesday</th><td>9–13</td></tr></table>',
    );
    expect(clean(clean(rows))).toBe(clean(rows));
  });

  it('wraps a first header row written straight in the table, and keeps a thead, a caption and scopes as written', () => {
    expect(clean('<table>\n<tr><th>A</th><th>B</th></tr>\n<tr><td>1</td><td>2</td></tr></table>')).toBe(
      '<table>\n<thead><tr><th scope="col">A</th><th scope="col">B</th></tr></thead>\n<tr><td>1</td><td>2</td></tr></table>',
    );
    const written =
      '<table><caption>Gifts</caption><thead><tr><th scope="colgroup">Value</th></tr></thead>' +
      '<tbody><tr><th>Small</th></tr></tbody></table>';
    // The thead's cell keeps its scope; the body's only row, all header cells, is not a second head.
    expect(clean(written)).toBe(
      '<table><caption>Gifts</caption><thead><tr><th scope="colgroup">Value</th></tr></thead>' +
        '<tbody><tr><th scope="row">Small</th></tr></tbody></table>',
    );
  });

  it('keeps each nested table to its own rows', () => {
    const nested =
      '<table><tbody><tr><th>Outer</th></tr><tr><td><table><tbody><tr><th>Inner</th></tr><tr><td>x</td></tr></tbody></table></td></tr></tbody></table>';
    expect(clean(nested)).toBe(
      '<table><thead><tr><th scope="col">Outer</th></tr></thead><tbody><tr><td>' +
        '<table><thead><tr><th scope="col">Inner</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>' +
        '</td></tr></tbody></table>',
    );
  });
});
