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
