import type { KeysetCursor } from '../db/sql';

/** Helpers that carry no SQL: ISO dates, keyset cursors and batched paging. The SQL helpers are in db/sql.ts. */
export {
  afterKeyset,
  and,
  containsPattern,
  countPastCap,
  countUpTo,
  dateArray,
  intLiteral,
  type KeysetCursor,
  lockUntilCommit,
  preparedRows,
  rows,
  type SortKey,
  uuidArray,
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

/**
 * A listing's total, counted only when the page cannot tell it: a page with fewer rows than asked
 * for is the last one (and an empty first page means none), so most small listings — a user's
 * companies, a company's teams — answer with one statement instead of two. The count runs in the
 * same transaction as the page, as before.
 */
export async function pageTotal(
  page: { page: number; itemsPerPage: number },
  rowsOnPage: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rowsOnPage > 0 && rowsOnPage < page.itemsPerPage) return (page.page - 1) * page.itemsPerPage + rowsOnPage;
  if (rowsOnPage === 0 && page.page === 1) return 0;
  return count();
}
