import { sql } from 'drizzle-orm';
import type { Tx } from './client';
import { rows } from './sql';

/**
 * Counts `n` hits on a key in its fixed window: one upsert, so two processes racing on the same key
 * both count, and inside the caller's transaction a refused write takes its hits back with it.
 * Answers the count in the window and the seconds until it resets. Shared by the sign-in limits
 * and the invitation quota; `rate_limits` holds hashed or opaque keys only.
 */
export async function countHits(tx: Tx, key: string, windowSeconds: number, n = 1) {
  const [row] = await rows<{ count: number; retry_after: number }>(
    tx,
    sql`
    insert into rate_limits as r (key, window_start, count) values (${key}, now(), ${n})
    on conflict (key) do update set
      count = case when r.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then ${n} else r.count + ${n} end,
      window_start = case when r.window_start <= now() - make_interval(secs => ${windowSeconds})
                          then now() else r.window_start end
    returning count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int
        as retry_after`,
  );
  return row!;
}

/** The hits counted on a key in its current window, without counting one (0 once the window is over). */
export async function peekHits(tx: Tx, key: string, windowSeconds: number) {
  const [row] = await rows<{ count: number }>(
    tx,
    sql`select count from rate_limits
         where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`,
  );
  return row?.count ?? 0;
}

/** Forgets the hits of a key (a sign-in that succeeded forgives the account's earlier tries). */
export async function clearHits(tx: Tx, key: string) {
  await tx.execute(sql`delete from rate_limits where key = ${key}`);
}
