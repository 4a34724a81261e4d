import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Background work as rows (docs/decisions/010-job-runner.md). A job is inserted in the same
 * transaction as the change that causes it, claimed with FOR UPDATE SKIP LOCKED under a lease, and
 * ends `done` or, after its last attempt, `dead`. System rows: tenants may insert their own
 * company's jobs, the runner and the super admin read them through the system scope.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** Idempotency key: enqueueing the same key twice makes one job. */
    key: text('key'),
    /** Jobs enqueued together (one import's invitation mails), for progress counts. */
    batchId: uuid('batch_id'),
    payload: jsonb('payload').notNull().default({}),
    /** What the handler needs but nobody may read later (a mailed token): cleared when the job ends. */
    secret: jsonb('secret'),
    /** queued → running → done; running → failed (retried at run_at) → … → dead. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    // The runner's claim: due jobs in run_at order, only among the ones still to do.
    index('jobs_due_idx').on(t.runAt).where(sql`state in ('queued', 'failed')`),
    // Expired leases of running jobs (a killed process).
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`state = 'running'`),
    // The Jobs screen: newest first per state.
    index('jobs_state_created_idx').on(t.state, t.createdAt, t.id),
    index('jobs_created_idx').on(t.createdAt, t.id),
    index('jobs_batch_idx').on(t.batchId, t.state).where(sql`batch_id is not null`),
    index('jobs_company_idx').on(t.companyId),
  ],
);
