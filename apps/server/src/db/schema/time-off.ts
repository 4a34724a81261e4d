import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { memberships } from './memberships';
import { users } from './users';

/** Amounts of days or hours: exact decimals, summed in SQL (a balance is never a stored number). */
const amount = (name: string) => numeric(name, { precision: 12, scale: 3 });

/** Time-off types of a company. Tenant rows: a FORCE row-level-security policy keeps each company to its own. */
export const timeOffTypes = pgTable(
  'time_off_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#1c7ed6'),
    paid: boolean('paid').notNull().default(true),
    /** 'days' or 'hours'. */
    unit: text('unit').notNull().default('days'),
    yearlyAllowance: amount('yearly_allowance').notNull().default('0'),
    /** 'yearly' (all on 1 January) or 'monthly' (a twelfth on each first of the month). */
    accrual: text('accrual').notNull().default('yearly'),
    /** Most that moves into the next year; null: all of it. */
    carryOverCap: amount('carry_over_cap'),
    needsApproval: boolean('needs_approval').notNull().default(true),
    allowNegative: boolean('allow_negative').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('time_off_types_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('time_off_types_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check('time_off_types_unit_check', sql`${t.unit} IN ('days', 'hours')`),
    check('time_off_types_accrual_check', sql`${t.accrual} IN ('yearly', 'monthly')`),
  ],
);

/**
 * The ledger of a person's time off: every grant, accrual, taking, adjustment, carry-over and
 * expiry as a row. A balance is the sum of a person's rows of a type; nothing edits a row.
 * Rows the year-boundary job writes carry their `period` ('2027' or '2027-03'): the unique key
 * makes that job write each once, however often it runs.
 */
export const timeOffLedger = pgTable(
  'time_off_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => timeOffTypes.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amount: amount('amount').notNull(),
    effectiveDate: date('effective_date').notNull(),
    reason: text('reason'),
    requestId: uuid('request_id'),
    period: text('period'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('time_off_ledger_company_user_type_idx').on(t.companyId, t.userId, t.typeId, t.effectiveDate),
    uniqueIndex('time_off_ledger_period_key')
      .on(t.companyId, t.userId, t.typeId, t.kind, t.period)
      .where(sql`${t.period} IS NOT NULL`),
    foreignKey({
      name: 'time_off_ledger_membership_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
    check(
      'time_off_ledger_kind_check',
      sql`${t.kind} IN ('grant', 'accrual', 'taken', 'adjustment', 'carry_over', 'expiry')`,
    ),
  ],
);

/** A request for time off: pending until its approver decides (or at once approved when the type needs none). */
export const timeOffRequests = pgTable(
  'time_off_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => timeOffTypes.id, { onDelete: 'restrict' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    startHalf: boolean('start_half').notNull().default(false),
    endHalf: boolean('end_half').notNull().default(false),
    /** Days or hours counted from the person's schedule and the company's holidays when asked. */
    amount: amount('amount').notNull(),
    note: text('note'),
    /** pending, approved, declined, cancelled. */
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('time_off_requests_company_user_start_idx').on(t.companyId, t.userId, t.startDate),
    index('time_off_requests_company_pending_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('time_off_requests_company_end_idx')
      .on(t.companyId, t.endDate, t.startDate)
      .where(sql`${t.status} IN ('pending', 'approved')`),
    foreignKey({
      name: 'time_off_requests_membership_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
    check('time_off_requests_status_check', sql`${t.status} IN ('pending', 'approved', 'declined', 'cancelled')`),
    check('time_off_requests_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
