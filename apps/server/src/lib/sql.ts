import type { KeysetCursor } from '../db/sql';

/** Helpers that carry no SQL: ISO dates, keyset cursors and batched paging. The SQL helpers are in db/sql.ts. */
export {
  afterKeyset,
  and,
  containsPattern,
  type KeysetCursor,
  preparedRows,
  rows,
  type SortKey,
} from '../db/sql';

export const iso = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

export const keysetOf = (r: KeysetCursor): KeysetCursor => ({ k: r.k, id: r.id });

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
