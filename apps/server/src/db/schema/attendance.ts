import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/** A company's attendance settings; its time zone is `companies.time_zone`. Tenant rows (RLS). */
export const attendanceSettings = pgTable('attendance_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** ISO weekday the week starts on: 1 = Monday … 7 = Sunday. */
  weekStart: smallint('week_start').notNull().default(1),
  /** How long after the end of a scheduled day an open entry is closed automatically. */
  autoCloseMarginMinutes: integer('auto_close_margin_minutes').notNull().default(120),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Public holidays: the company calendar shared by attendance and time off. Tenant rows (RLS). */
export const holidays = pgTable(
  'holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('holidays_company_date_key').on(t.companyId, t.date)],
);

/** One weekday of a schedule: wall-clock start and end in the company's zone (end ≤ start runs past midnight). */
export interface ScheduleDay {
  start: string;
  end: string;
}

/** Named work schedules; exactly one may be the company default. Tenant rows (RLS). */
export const workSchedules = pgTable(
  'work_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Seven entries, Monday first; null is a day off. */
    days: jsonb('days').$type<Array<ScheduleDay | null>>().notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    graceMinutes: integer('grace_minutes').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('work_schedules_company_name_key').on(t.companyId, t.name)],
);

/** Which schedule a member follows from a date on (until their next assignment). Tenant rows (RLS). */
export const scheduleAssignments = pgTable(
  'schedule_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => workSchedules.id, { onDelete: 'restrict' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedule_assignments_user_from_key').on(t.companyId, t.userId, t.effectiveFrom),
    index('schedule_assignments_schedule_idx').on(t.scheduleId),
  ],
);

/**
 * One clock-in/clock-out pair. `recorded_*` is what the server's clock said and never changes;
 * `clock_in`/`clock_out` is what counts after corrections. `work_date` is the company's day of the
 * clock-in (a shift across midnight counts to the day it started). Tenant rows (RLS).
 */
export const attendanceEntries = pgTable(
  'attendance_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    clockIn: timestamp('clock_in', { withTimezone: true }).notNull(),
    clockOut: timestamp('clock_out', { withTimezone: true }),
    recordedIn: timestamp('recorded_in', { withTimezone: true }),
    recordedOut: timestamp('recorded_out', { withTimezone: true }),
    /** open | closed | auto_closed | removed */
    status: text('status').notNull().default('open'),
    /** web | api | admin */
    source: text('source').notNull().default('web'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    idempotencyKey: text('idempotency_key'),
    /** The idempotency key of the clock-out that closed it. */
    closeKey: text('close_key'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendance_entries_day_idx').on(t.companyId, t.workDate, t.userId),
    // INCLUDE (clock_in, clock_out, recorded_in, recorded_out, status, source, version, id): a
    // timesheet reads a person's entries from the index alone (migration 0039).
    index('attendance_entries_user_day_idx').on(t.companyId, t.userId, t.workDate),
    uniqueIndex('attendance_entries_idempotency_key').on(t.companyId, t.userId, t.idempotencyKey),
  ],
);

/** What a correction changed, who asked, who decided and why. Tenant rows (RLS). */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').references(() => attendanceEntries.id, { onDelete: 'cascade' }),
    /** add | change | remove */
    kind: text('kind').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull(),
    /** pending | applied | declined */
    status: text('status').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** What the deciding admin said when approving or declining a request. */
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendance_corrections_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('attendance_corrections_entry_idx').on(t.entryId),
    index('attendance_corrections_user_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);

/** A period of timesheets an admin locked: entries of its days refuse edits. Tenant rows (RLS). */
export const timesheetLocks = pgTable(
  'timesheet_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('timesheet_locks_company_idx').on(t.companyId, t.fromDate)],
);
