import { createRequire } from 'node:module';

// node-postgres' own serialisation of a parameter (the text it would send in a Bind message).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

/** Past this many bytes of values a statement keeps its parameters (inlining would only copy them). */
const INLINE_MAX_BYTES = 64 * 1024;

/**
 * The statement `text` with its `$n` parameters written as SQL literals, or null when that cannot
 * be done safely (the caller then sends the statement with its parameters as usual).
 *
 * Why: the first statement of a transaction can then travel in the same simple-protocol message as
 * BEGIN and the transaction's scope, one round trip instead of two (db/client.ts). A literal
 * is quoted, so like an untyped parameter it is of type `unknown` and takes its type from where it
 * stands; the text inside is exactly what node-postgres would have bound. Nothing is inlined when the
 * statement has dollar quoting, escape strings or comments (where a `$n` might not be a parameter),
 * when a value holds a NUL character (a simple-protocol message ends at the first NUL; as a
 * parameter it is refused by the database, as it should be), or when the values are large.
 */
export function inlineParams(text: string, params: readonly unknown[], escapeLiteral: (s: string) => string) {
  if (/\$[A-Za-z_]*\$|[eE]'|--|\/\*/.test(text) || text.includes('\0')) return null;
  const literals: string[] = [];
  let bytes = 0;
  for (const param of params) {
    const value = prepareValue(param);
    let literal: string;
    if (value === null) literal = 'NULL';
    else if (Buffer.isBuffer(value)) literal = `'\\x${value.toString('hex')}'`;
    else {
      if (value.includes('\0')) return null;
      literal = escapeLiteral(value);
    }
    bytes += literal.length;
    if (bytes > INLINE_MAX_BYTES) return null;
    literals.push(literal);
  }
  let out = '';
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      out += c;
      if (c === quote) quote = null; // a doubled quote closes and reopens: the same text
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      out += c;
      continue;
    }
    if (c === '$' && /[0-9]/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /[0-9]/.test(text[j]!)) j++;
      const n = Number(text.slice(i + 1, j));
      const literal = literals[n - 1];
      if (literal === undefined) return null;
      // A space on each side: `-$1` must not become `--…`, nor `$1` glue to a neighbouring word.
      out += ` ${literal} `;
      i = j - 1;
      continue;
    }
    out += c;
  }
  return quote ? null : out;
}
