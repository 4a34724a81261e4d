import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';
import { concurrently, type Tx } from './scope';
import { createCompany } from './seed/factories';

/**
 * `concurrently`: independent reads of one transaction side by side. On PostgreSQL their statements
 * are pipelined (a read's next statement leaves when its previous one answers, not after every
 * other read's); on PGlite they run one after the other. Either way each read gets its own answers,
 * in the order asked, inside the transaction and its company scope.
 */
const onPg = process.env.TEST_DB === 'pg';
let db: Database;
let drop: () => Promise<void>;
let acme = '';
let globex = '';

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase({ poolSize: 1 }));
  await db.system(async (tx) => {
    acme = (await createCompany(tx, { name: 'Acme', subDomain: 'acme' })).id;
    globex = (await createCompany(tx, { name: 'Globex', subDomain: 'globex' })).id;
    await tx.execute(
      sql`INSERT INTO teams (company_id, name) VALUES (${acme}, 'Red'), (${acme}, 'Blue'), (${globex}, 'Green')`,
    );
  });
}, 60_000);
afterAll(() => drop());

/** The time a statement ran at, and a label: the order the database ran them in. */
const stamp = async (tx: Tx, label: string) => {
  const [r] = await rows<{ at: string }>(tx, sql`SELECT clock_timestamp()::text AS at, ${label}::text AS label`);
  return { at: r!.at, label };
};

describe('concurrently', () => {
  it('answers each read with its own rows, in the order asked, within the company scope', async () => {
    const [names, count, none] = await db.scoped({ companyId: acme, readOnly: true }, (tx) =>
      concurrently(tx, [
        async () => (await rows<{ name: string }>(tx, sql`SELECT name FROM teams ORDER BY name`)).map((r) => r.name),
        async () => (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM teams`))[0]!.n,
        async () => null,
      ] as const),
    );
    // Row-level security: Globex's team is not there.
    expect(names).toEqual(['Blue', 'Red']);
    expect(count).toBe(2);
    expect(none).toBeNull();
  });

  it(
    onPg
      ? 'runs a read’s next statement before the other reads have finished (pipelined)'
      : 'runs the reads one after the other (PGlite)',
    async () => {
      const order = await db.scoped({ companyId: acme, readOnly: true }, async (tx) => {
        const ran: Array<{ at: string; label: string }> = [];
        // The transaction's first statement, alone: BEGIN and the scope lead it.
        ran.push(await stamp(tx, 'first'));
        await concurrently(tx, [
          async () => {
            ran.push(await stamp(tx, 'a1'));
            ran.push(await stamp(tx, 'a2'));
          },
          async () => {
            ran.push(await stamp(tx, 'b1'));
          },
          async () => {
            ran.push(await stamp(tx, 'c1'));
          },
        ]);
        return ran.sort((x, y) => x.at.localeCompare(y.at)).map((r) => r.label);
      });
      // Pipelined, b1 and c1 left with a1, ahead of a2, which a1's answer sent. One at a time, in order.
      expect(order).toEqual(onPg ? ['first', 'a1', 'b1', 'c1', 'a2'] : ['first', 'a1', 'a2', 'b1', 'c1']);
    },
  );

  it('lets a read read side by side itself, and the connection leaves pipeline mode only when the outer reads are done', async () => {
    const [inner, after] = await db.scoped({ companyId: acme, readOnly: true }, async (tx) => {
      await stamp(tx, 'first');
      return concurrently(tx, [
        () =>
          concurrently(tx, [
            async () => (await stamp(tx, 'x')).label,
            async () => (await stamp(tx, 'y')).label,
          ] as const),
        async () => {
          // Still running when the inner reads end: its second statement follows their answers.
          const one = await stamp(tx, 'z1');
          const two = await stamp(tx, 'z2');
          return [one.label, two.label];
        },
      ] as const);
    });
    expect(inner).toEqual(['x', 'y']);
    expect(after).toEqual(['z1', 'z2']);
    // The same (only) connection serves the next transaction.
    const names = await db.scoped({ companyId: acme, readOnly: true }, async (tx) =>
      (await rows<{ name: string }>(tx, sql`SELECT name FROM teams ORDER BY name`)).map((r) => r.name),
    );
    expect(names).toEqual(['Blue', 'Red']);
  });

  it('begins the transaction with the first read alone, even when nothing ran before', async () => {
    const scopes = await db.scoped({ companyId: globex, readOnly: true }, (tx) =>
      concurrently(tx, [
        async () => (await rows<{ c: string }>(tx, sql`SELECT current_setting('app.company_id') AS c`))[0]!.c,
        async () => (await rows<{ ro: string }>(tx, sql`SELECT current_setting('transaction_read_only') AS ro`))[0]!.ro,
        async () => (await rows<{ name: string }>(tx, sql`SELECT name FROM teams`)).map((r) => r.name),
      ] as const),
    );
    expect(scopes).toEqual([globex, 'on', ['Green']]);
  });

  it('throws the failing read’s own error, not the aborted transaction behind it, and the connection serves on', async () => {
    const run = db.scoped({ companyId: acme, readOnly: true }, async (tx) => {
      await stamp(tx, 'first');
      return concurrently(tx, [
        // Listed first, it fails too: its second statement runs after the division and finds the
        // transaction aborted (25P02). The error thrown is still the division's, inside the ORM's wrapper.
        async () => {
          await rows(tx, sql`SELECT 1 AS n`);
          return (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM teams`))[0]!.n;
        },
        async () =>
          (await rows<{ n: number }>(tx, sql`SELECT (1 / (SELECT count(*) - count(*) FROM teams))::int AS n`))[0]!.n,
        async () => (await rows<{ n: number }>(tx, sql`SELECT 3 AS n`))[0]!.n,
      ] as const);
    });
    await expect(run).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22012' }) });
    // The one connection of the pool, rolled back and out of pipeline mode: the next transaction reads.
    const names = await db.scoped({ companyId: acme, readOnly: true }, async (tx) =>
      (await rows<{ name: string }>(tx, sql`SELECT name FROM teams ORDER BY name`)).map((r) => r.name),
    );
    expect(names).toEqual(['Blue', 'Red']);
  });
});
