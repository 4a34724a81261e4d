import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * The day board's key for this row (decision 021): null when the user is not an enabled member
     * of the company (the board does not count them), the nil uuid when they follow the company's
     * default schedule that day, else the schedule assigned to them on that day. Kept by the
     * triggers of migration `day_board` on this table, `memberships` and `schedule_assignments`.
     */
    boardSchedule: uuid('board_schedule'),
  },
  (t) => [
    primaryKey({ name: 'stats_member_days_pkey', columns: [t.companyId, t.day, t.userId] }),
    // A member's days (the board key follows a change of their membership or schedule assignment).
    index('stats_member_days_user_idx').on(t.companyId, t.userId, t.day),
  ],
);

/**
 * The day board's counts (decision 021): how many enabled members of a company had their first
 * clock-in of a day in each minute (rounded up), per board key (see `stats_member_days.board_schedule`)
 * and shard (of the user id, so a morning burst does not queue on one row). Lateness is decided when
 * read, against each schedule's start plus grace on that day: a sum over a few hundred rows instead of
 * a pass over every member. Kept by a statement-level trigger on `stats_member_days`. Tenant rows (RLS).
 */
export const attendanceBoardCounts = pgTable(
  'attendance_board_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    scheduleKey: uuid('schedule_key').notNull(),
    /** The first clock-in rounded up to the minute: late iff it is after start + grace (whole minutes). */
    inMinute: timestamp('in_minute', { withTimezone: true }).notNull(),
    shard: smallint('shard').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'attendance_board_counts_pkey',
      columns: [t.companyId, t.day, t.scheduleKey, t.inMinute, t.shard],
    }),
  ],
);

/**
 * The day board's leave (decision 021, "leave in the counts"): one row per member and company day
 * covered by approved time off — its half (null: the whole day, or a morning and an afternoon), the
 * board key (as `stats_member_days.board_schedule`) and the first clock-in of that day if any (a copy
 * of `stats_member_days.first_in`). Kept by triggers on `time_off_requests`, `stats_member_days`,
 * `memberships` and `schedule_assignments` (migration `board2_leave_counts`). Tenant rows (RLS).
 */
export const attendanceLeaveDays = pgTable(
  'attendance_leave_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'morning' or 'afternoon' off; null for the whole day. */
    half: text('half'),
    boardSchedule: uuid('board_schedule'),
    firstIn: timestamp('first_in', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'attendance_leave_days_pkey', columns: [t.companyId, t.day, t.userId] }),
    index('attendance_leave_days_user_idx').on(t.companyId, t.userId, t.day),
  ],
);

/**
 * The day board's leave corrections (decision 021): per company, day and board key, the members on
 * leave by the minute of their first clock-in (rounded up), 'infinity' for those without one (on
 * leave), and only those whose leave excuses lateness (not an afternoon off) when they have one.
 * Kept by a statement-level trigger on `attendance_leave_days`. Tenant rows (RLS), read-only to the app.
 */
export const attendanceBoardLeaveCounts = pgTable(
  'attendance_board_leave_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    scheduleKey: uuid('schedule_key').notNull(),
    inMinute: timestamp('in_minute', { withTimezone: true }).notNull(),
    /** Of the user id, as in attendance_board_counts: approvals of one day do not queue on one row. */
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'attendance_board_leave_counts_pkey',
      columns: [t.companyId, t.day, t.scheduleKey, t.inMinute, t.shard],
    }),
  ],
);

/**
 * The day board's members per assigned schedule, as a series of changes (migration 0034): an enabled
 * member's assignment adds 1 to its schedule on its effective day and takes it back on the day of
 * the member's next assignment. The members following schedule S on day d are the sum of S's rows
 * up to d. Kept by triggers on `schedule_assignments` and `memberships` in the writing transaction;
 * the app role only reads it (RLS).
 */
export const scheduleMemberChanges = pgTable(
  'schedule_member_changes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'schedule_member_changes_pkey', columns: [t.companyId, t.scheduleId, t.day] })],
);

/**
 * What each person adds to `schedule_member_changes` now (their +1 and -1 by schedule and day): a
 * change takes these back and writes them anew from the assignments and the membership as they are,
 * so the series never depends on the order in which cascaded deletes reach the triggers.
 */
export const scheduleMemberTerms = pgTable(
  'schedule_member_terms',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'schedule_member_terms_pkey',
      columns: [t.companyId, t.userId, t.scheduleId, t.day],
    }),
  ],
);

/**
 * A company's counts of changes that Stats keeps figures under. `n` was the compliance count of
 * migration 0035 (decision 028), unused once the policy figures became a kept series (migration
 * 0043, decision 031); since migration 0046 it counts the changes that can move Certifications
 * valid % (types, records, memberships, teams, departments, employment ends, the zone, in a company
 * with a certification type), under which the server keeps that figure per scope and day (decision 032).
 */
export const statsEpochs = pgTable('stats_epochs', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  /**
   * The count of changes that move a Stats day row of a settled day (more than three days before the
   * UTC date): a day aggregate or employment change of such a day, any holiday or schedule change
   * (migration 0038). The server keeps settled days' rows under it.
   */
  daysN: bigint('days_n', { mode: 'number' }).notNull().default(0),
});
