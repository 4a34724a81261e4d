import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * The Stats answers' aggregates (docs/decisions/024-stats-day-aggregates.md). Kept by the triggers of
 * migration `0028_stats_day_aggregates` in the same transaction as the rows they derive from, rebuilt by
 * `npm run stats:rebuild`. A scope is the whole company (the nil uuid), a team, a department, or a
 * team within a department (`stats_pair_scope(team, department)`); a person counts in the scopes of
 * today's teams and department, as the figures are defined (docs/stats.md). Tenant rows (RLS); the
 * app role reads them, only the triggers' functions write them.
 */

/** One row per person counted (a member of the company): their scopes and employment span. */
export const statsMemberScopes = pgTable(
  'stats_member_scopes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    scopes: uuid('scopes').array().notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }),
  },
  (t) => [primaryKey({ name: 'stats_member_scopes_pkey', columns: [t.companyId, t.userId] })],
);

/** A person's employment cut where their schedule key changes (nil uuid: the company default). */
export const statsMemberSegments = pgTable(
  'stats_member_segments',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }),
    scheduleKey: uuid('schedule_key').notNull(),
  },
  (t) => [primaryKey({ name: 'stats_member_segments_pkey', columns: [t.companyId, t.userId, t.fromDay] })],
);

/**
 * A person's judged day, only for days that are not plain (they came in, or were on approved leave
 * and did not): what it adds to its scopes' day rows, so it can be taken back exactly.
 */
export const statsMemberFacts = pgTable(
  'stats_member_facts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scheduleKey: uuid('schedule_key').notNull(),
    came: boolean('came').notNull(),
    present: boolean('present').notNull(),
    late: boolean('late').notNull(),
    workedSeconds: integer('worked_seconds').notNull(),
    overtimeSeconds: integer('overtime_seconds').notNull(),
    away: boolean('away').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stats_member_facts_pkey', columns: [t.companyId, t.userId, t.day] }),
    // A holiday or a schedule edit re-judges the facts of one day or one key.
    index('stats_member_facts_day_idx').on(t.companyId, t.day),
    index('stats_member_facts_key_idx').on(t.companyId, t.scheduleKey),
  ],
);

/**
 * Employment changes per scope, day and schedule key: `delta` people start (or stop, negative)
 * following that key that day; `joined` / `left` people whose start / end is that day. Headcount on a
 * day is the running sum, so only days on which something changes have a row.
 */
export const statsScopeSpans = pgTable(
  'stats_scope_spans',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scopeId: uuid('scope_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scheduleKey: uuid('schedule_key').notNull(),
    delta: integer('delta').notNull().default(0),
    joined: integer('joined').notNull().default(0),
    left: integer('left').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_scope_spans_pkey', columns: [t.companyId, t.scopeId, t.day, t.scheduleKey] })],
);

/**
 * The attendance sums per scope, company day and schedule key (sharded by user so a morning burst
 * of clock-ins does not queue on one row): member-days came in, present on a scheduled day, late,
 * worked and overtime seconds, and away (on approved leave, not in; not expected if scheduled).
 */
export const statsScopeDays = pgTable(
  'stats_scope_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scopeId: uuid('scope_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scheduleKey: uuid('schedule_key').notNull(),
    shard: smallint('shard').notNull(),
    came: integer('came').notNull().default(0),
    present: integer('present').notNull().default(0),
    late: integer('late').notNull().default(0),
    workedSeconds: bigint('worked_seconds', { mode: 'number' }).notNull().default(0),
    overtimeSeconds: bigint('overtime_seconds', { mode: 'number' }).notNull().default(0),
    away: integer('away').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_scope_days_pkey',
      columns: [t.companyId, t.scopeId, t.day, t.scheduleKey, t.shard],
    }),
  ],
);

/**
 * Approved time off per scope, start day and type (a request counts whole on its start day): the
 * amounts of the people of each scope, kept by the time-off trigger and when a person's scopes change.
 */
export const statsScopeTimeOff = pgTable(
  'stats_scope_time_off',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scopeId: uuid('scope_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    typeId: uuid('type_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'stats_scope_time_off_pkey', columns: [t.companyId, t.scopeId, t.day, t.typeId] })],
);

/**
 * The approved requests each person's scopes hold in `stats_scope_time_off`: what a request or a
 * change of the person's scopes takes back is what was added, not what the requests say by then (a
 * membership removed deletes its requests by cascade only after the person's scopes are gone).
 */
export const statsMemberTimeOff = pgTable(
  'stats_member_time_off',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    requestId: uuid('request_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    typeId: uuid('type_id').notNull(),
    amount: numeric('amount', { precision: 12, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ name: 'stats_member_time_off_pkey', columns: [t.companyId, t.userId, t.requestId] })],
);

/**
 * Stats' policy figures as changes per day (docs/decisions/031-stats-policy-series.md): what each
 * person's assignment, acknowledgement and lateness for a policy change by on a company day, derived
 * from the definition evaluated at every day it can change (migration 0043). Kept so that what a
 * change takes back is what was added.
 */
export const statsPolicyMemberChanges = pgTable(
  'stats_policy_member_changes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    policyId: uuid('policy_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    assigned: smallint('assigned').notNull(),
    acknowledged: smallint('acknowledged').notNull(),
    overdue: smallint('overdue').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stats_policy_member_changes_pkey', columns: [t.companyId, t.userId, t.policyId, t.day] }),
  ],
);

/**
 * The same changes summed per scope, policy and company day: a figure at the end of a day is the
 * running sum of its scope's rows up to that day.
 */
export const statsScopePolicyChanges = pgTable(
  'stats_scope_policy_changes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scopeId: uuid('scope_id').notNull(),
    policyId: uuid('policy_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    assigned: integer('assigned').notNull().default(0),
    acknowledged: integer('acknowledged').notNull().default(0),
    overdue: integer('overdue').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stats_scope_policy_changes_pkey', columns: [t.companyId, t.scopeId, t.policyId, t.day] }),
  ],
);
