import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvLine } from './csv';

/**
 * A CSV file as a stream: a BOM (so spreadsheet apps read it as UTF-8), the header, then one line
 * per row as the rows arrive. Fed by keyset batches, it holds one batch in memory at a time. The
 * header is written like any row: a column may be named by a company (a custom field's label), so
 * it is quoted and formula-guarded as its cells are.
 */
export function csvStream<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  cells: (row: T) => readonly unknown[],
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const row of rows) yield csvLine(cells(row));
  }
  return Readable.from(lines());
}

/** Sends a CSV stream as a download named `filename` that no cache keeps. */
export const sendCsv = (reply: FastifyReply, filename: string, body: Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
