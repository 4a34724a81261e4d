import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { containsPattern, rows, textLiteral } from './sql';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('textLiteral', () => {
  const nasty = [
    "it's",
    "'; DROP TABLE users; --",
    'back\\slash and \\x41 and \\',
    "\\'",
    "E'x'",
    '$$ and $1 and $tag$',
    '/* not a comment */ -- nor this',
    'ünïcødé 東京 🎉',
    '',
  ];

  it('reads back as exactly the text it was given, whatever quotes, backslashes or dollars it holds', async () => {
    const got = await t.db.system((tx) =>
      rows<{ i: number; v: string }>(
        tx,
        sql.join(
          nasty.map((s, i) => sql`SELECT ${i}::int AS i, ${textLiteral(s)}::text AS v`),
          sql` UNION ALL `,
        ),
      ),
    );
    expect(got.sort((a, b) => a.i - b.i).map((r) => r.v)).toEqual(nasty);
    // The "DROP TABLE" inside the text stayed text: the table is still there.
    await expect(t.db.system((tx) => rows(tx, sql`SELECT 1 FROM users LIMIT 1`))).resolves.toBeDefined();
  });

  it('as a LIKE pattern matches what the bound pattern matches, wildcards in the fragment taken literally', async () => {
    const texts = ['100% sure', '100 sure', 'a_b', 'axb', 'back\\slash', "o'brien"];
    const quoted = texts.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
    const values = sql`unnest(${`{${quoted.join(',')}}`}::text[])`;
    // Each fragment matches something: '0%' only "100% sure", '_' only "a_b".
    for (const fragment of ['0%', '_', '\\', "'b", 'x']) {
      const pattern = containsPattern(fragment);
      const [r] = await t.db.system((tx) =>
        rows<{ lit: string[]; bound: string[] }>(
          tx,
          sql`SELECT array(SELECT x FROM ${values} x WHERE x LIKE ${textLiteral(pattern)} ORDER BY x) AS lit,
                     array(SELECT x FROM ${values} x WHERE x LIKE ${pattern} ORDER BY x) AS bound`,
        ),
      );
      expect(r!.lit, fragment).toEqual(r!.bound);
      expect(r!.lit.length, fragment).toBeGreaterThan(0);
    }
  });

  it('refuses a NUL, which would end the statement', () => {
    expect(() => textLiteral('a\u0000b')).toThrow();
  });
});
