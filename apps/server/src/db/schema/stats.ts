import { date, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * The Stats area's aggregate: one row per member and company day on which they have at least one
 * attendance entry (not removed). Kept by the trigger `stats_member_days_sync` on
 * `attendance_entries` in the same transaction as every write (migration `stats`), and rebuilt from
 * scratch by `npm run stats:rebuild`. Tenant rows (RLS).
 */
export const statsMemberDays = pgTable(
  'stats_member_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The earliest clock-in of the day (lateness is decided against the schedule when read). */
    firstIn: timestamp('first_in', { withTimezone: true }).notNull(),
    /** Seconds of the day's closed entries (clock-out minus clock-in). */
    workedSeconds: integer('worked_seconds').notNull().default(0),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_member_days_pkey', columns: [t.companyId, t.day, t.userId] })],
);
