import type { Database, Tx } from '../db/client';

type Write = (tx: Tx) => Promise<unknown>;

/**
 * Runs `first` in a transaction of its own and keeps that transaction open once it is written:
 * the writes sent meanwhile meet its locks (PostgreSQL only: PGlite runs one transaction at a time).
 * `release()` commits it and waits for the commit.
 */
export async function holdOpen(db: Pick<Database, 'system'>, first: Write) {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let done!: () => void;
  const written = new Promise<void>((r) => {
    done = r;
  });
  const holding = db.system(async (tx) => {
    await first(tx);
    done();
    await gate;
  });
  await Promise.race([written, holding]);
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

/**
 * `first` held open while `others` are sent, each in its own transaction; after `waitMs` (long
 * enough for them to reach the locks) `first` commits, and every one of them must finish.
 */
export async function raceHeld(db: Pick<Database, 'system'>, first: Write, others: Write[], waitMs = 300) {
  const held = await holdOpen(db, first);
  const queued = others.map((o) => db.system(o));
  await new Promise((r) => setTimeout(r, waitMs));
  await Promise.all([held.release(), ...queued]);
}
