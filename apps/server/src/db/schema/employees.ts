import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { departments } from './departments';
import { memberships } from './memberships';
import { users } from './users';

/**
 * The employee record of a membership: the same person has one per company. A member without a row
 * has an empty record; the first write creates it. Removing the membership removes the record.
 */
export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobTitle: text('job_title'),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /**
     * A member of the same company (a composite foreign key in migration 0029: removing the member
     * clears it); never the person themself, never a cycle.
     */
    managerUserId: uuid('manager_user_id'),
    employmentType: text('employment_type'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    workLocation: text('work_location'),
    workPhone: text('work_phone'),
    emergencyName: text('emergency_name'),
    emergencyRelation: text('emergency_relation'),
    emergencyPhone: text('emergency_phone'),
    /**
     * A copy of the person's name as `memberships.sort_name` holds it (lower "first last"), kept by
     * triggers (migration 0033): lists that already read the record (the team calendar) sort their
     * people without a lookup per person in `users`.
     */
    sortName: text('sort_name').notNull().default(''),
    /** Values of the company's custom fields, by field id. */
    custom: jsonb('custom').notNull().default(sql`'{}'::jsonb`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_company_user_key').on(t.companyId, t.userId),
    // A manager's reports in name order: an org-chart level reads one page of them, not all of them.
    index('employees_company_manager_name_idx').on(t.companyId, t.managerUserId, t.sortName, t.userId),
    index('employees_company_department_idx').on(t.companyId, t.departmentId),
    // The few records with an end date: the directory's count takes the ended people off the
    // company's member counter instead of walking every membership.
    index('employees_company_end_idx').on(t.companyId, t.endDate).where(sql`end_date IS NOT NULL`),
    foreignKey({
      name: 'employees_membership_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * The members who have no employee record yet, kept by triggers (migration 0030): where the org
 * chart's top finds them without comparing every membership with every record. The app role reads
 * it under row-level security and never writes it.
 */
export const employeeRecordGaps = pgTable(
  'employee_record_gaps',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    foreignKey({
      name: 'employee_record_gaps_membership_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

/** The fields a company defines beyond the standard record. */
export const employeeFields = pgTable(
  'employee_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** text | number | date | select */
    type: text('type').notNull(),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    /** Visible only to admins and the person. */
    private: boolean('private').notNull().default(false),
    selfEditable: boolean('self_editable').notNull().default(false),
    position: integer('position').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('employee_fields_company_label_key').on(t.companyId, t.label)],
);

/** Per-company settings of the People area: which standard fields a member edits on their own record. */
export const peopleSettings = pgTable('people_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  selfEditable: text('self_editable')
    .array()
    .notNull()
    .default(sql`'{workPhone,workLocation,emergencyContact}'::text[]`),
  version: integer('version').notNull().default(1),
});
