/**
 * The yardstick: the smallest useful database-backed HTTP route on this machine — Fastify, no
 * plugins, one primary-key select through the raw driver (`pg`, or PGlite for the embedded run).
 * Every API figure is reported as a ratio to this, measured in the same run.
 *
 *   BASELINE_PORT=3501 DATABASE_URL=postgres://… node --import tsx bench/lib/baseline-server.ts
 *   BASELINE_PORT=3501 DATA_DIR=bench/.out/pglite-10k node --import tsx bench/lib/baseline-server.ts
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

type Row = { id: string; email: string; first_name: string; last_name: string };
const SQL = 'SELECT id, email, first_name, last_name FROM users WHERE id = $1';

let query: (id: string) => Promise<Row[]>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async (id) => (await pool.query<Row>(SQL, [id])).rows;
  close = () => pool.end();
} else {
  const lite = await PGlite.create(process.env.DATA_DIR);
  query = async (id) => (await lite.query<Row>(SQL, [id])).rows;
  close = () => lite.close();
}

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/pk/:id', async (request, reply) => {
  const [row] = await query(request.params.id);
  if (!row) return reply.code(404).send({ code: 'NOT_FOUND' });
  return row;
});
await app.listen({ port: Number(process.env.BASELINE_PORT), host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
