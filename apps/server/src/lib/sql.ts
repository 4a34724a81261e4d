import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** Runs a raw query and returns its rows (the same shape on PGlite and node-postgres). */
export async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A LIKE pattern matching `fragment` anywhere, with the LIKE wildcards in it taken literally. */
export const containsPattern = (fragment: string) => `%${fragment.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const and = (parts: SQL[]) => sql.join(parts, sql` AND `);

export const iso = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** Pages through a keyset-ordered query in batches, yielding rows, one short query per batch. */
export async function* batches<T, C>(
  fetch: (cursor: C | null, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  batchSize = 1000,
): AsyncGenerator<T> {
  let cursor: C | null = null;
  for (;;) {
    const chunk = await fetch(cursor, batchSize);
    for (const row of chunk) yield row;
    if (chunk.length < batchSize) return;
    cursor = cursorOf(chunk[chunk.length - 1]!);
  }
}
