import type { Database } from '../../db/client';

/** One round trip outside any transaction: does the database answer at all. */
export const pingDatabase = (db: Database) => db.query('SELECT 1', []);
