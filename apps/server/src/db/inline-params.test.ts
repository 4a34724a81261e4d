// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineParams } from './inline-params';

const lit = (s: string) => pg.Client.prototype.escapeLiteral(s);

describe('inlineParams', () => {
  it('writes each $n as the literal of its value, and only outside quotes', () => {
    expect(inlineParams(`select "a$1" from t where x = $1 and y = '$2' and z = $2`, ["it's", 5], lit)).toBe(
      `select "a$1" from t where x =  'it''s'  and y = '$2' and z =  '5' `,
    );
    expect(inlineParams('select $1, $2, $3', [null, Buffer.from([0, 255]), true], lit)).toBe(
      `select  NULL ,  '\\x00ff' ,  'true' `,
    );
    // A backslash makes node-postgres write an escape string.
    expect(inlineParams('select $1', ['a\\b'], lit)).toBe(`select   E'a\\\\b' `);
    // `-$1` does not turn into a comment.
    expect(inlineParams('select 1-$1', [-1], lit)).toBe(`select 1- '-1' `);
  });

  it('leaves alone what it cannot inline safely', () => {
    expect(inlineParams('select $1 -- $2', ['a', 'b'], lit)).toBeNull();
    expect(inlineParams('select $1 /* x */', ['a'], lit)).toBeNull();
    expect(inlineParams('select $$a$$ || $1', ['a'], lit)).toBeNull();
    expect(inlineParams(`select E'x' || $1`, ['a'], lit)).toBeNull();
    expect(inlineParams('select $2', ['a'], lit)).toBeNull(); // no such value
    expect(inlineParams('select $1', ['a\0b'], lit)).toBeNull(); // a NUL would end the message
    expect(inlineParams(`select 'open`, [], lit)).toBeNull();
    expect(inlineParams('select $1', ['x'.repeat(70_000)], lit)).toBeNull();
  });
});

describe('an inlined statement answers what the same statement with parameters answers', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  const cases: [string, unknown][] = [
    ['text', `quotes ' and '' and \\ backslash, ünïcødé, emoji 🎉`],
    ['text', ''],
    ['uuid', '8c5b0b8e-6f7b-4a3e-9d6a-2f1f4c1e9b77'],
    ['int', 42],
    ['bigint', '9007199254740993'],
    ['numeric', 3.25],
    ['boolean', false],
    ['date', '2026-03-29'],
    ['timestamptz', new Date('2026-10-25T01:30:00.000Z')],
    ['text[]', ['a', 'b,c', 'd"e', "f'g", 'h\\i', '']],
    ['int[]', [1, 2, 3]],
    ['uuid[]', []],
    ['jsonb', { a: "it's", b: [1, null, 'x\\y'], c: { d: true } }],
    ['bytea', Buffer.from([0, 1, 2, 254, 255])],
    ['text', null],
  ];

  it.each(cases)('%s', async (type, value) => {
    const text = `select $1::${type} as v, pg_typeof($1::${type})::text as t, $1::${type} is null as n`;
    const withParams = (await db.query(text, [value])).rows[0];
    const inlined = inlineParams(text, [value], lit);
    expect(inlined).not.toBeNull();
    const asLiteral = (await db.query(inlined!)).rows[0];
    expect(asLiteral).toEqual(withParams);
  });

  it('without a cast, a literal takes its type from where it stands, as a parameter does', async () => {
    await db.exec(`create table if not exists inline_t (id int, at timestamptz, tags text[], doc jsonb)`);
    const at = new Date('2026-01-02T03:04:05.006Z');
    const insert = 'insert into inline_t (id, at, tags, doc) values ($1, $2, $3, $4) returning *';
    const values = [7, at, ['x', "y'z"], { k: 'v' }];
    const a = (await db.query(insert, values)).rows[0];
    const b = (await db.query(inlineParams(insert, values, lit)!)).rows[0];
    expect(b).toEqual(a);
    const select = 'select count(*)::int as n from inline_t where id = $1 and $2 = any(tags) and doc @> $3';
    const params = [7, "y'z", { k: 'v' }];
    expect((await db.query(inlineParams(select, params, lit)!)).rows).toEqual((await db.query(select, params)).rows);
    expect((await db.query(select, params)).rows).toEqual([{ n: 2 }]);
  });
});
