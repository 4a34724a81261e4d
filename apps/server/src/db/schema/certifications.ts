import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Certification types of a company (compliance): how long one is valid, who needs it, when the
 * daily reminder starts. Tenant rows: a FORCE row-level-security policy keeps each company to its own.
 */
export const certificationTypes = pgTable(
  'certification_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    validityMonths: integer('validity_months').notNull().default(12),
    remindDaysBefore: integer('remind_days_before').notNull().default(30),
    audienceAll: boolean('audience_all').notNull().default(true),
    audienceTeamIds: uuid('audience_team_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceDepartmentIds: uuid('audience_department_ids').array().notNull().default(sql`'{}'::uuid[]`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certification_types_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('certification_types_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/**
 * A member's certification of one type: issued on, expires on (calendar days in the company's
 * zone), and the evidence file checked by its content. A renewal is a new row; the one that
 * expires last counts and carries `is_current` (kept by the service under a per-person lock, at
 * most one per person and type by a unique partial index), so the lists and counts join one row
 * per person instead of looking for the latest of each at 100,000 members.
 */
export const certificationRecords = pgTable(
  'certification_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => certificationTypes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    evidence: bytea('evidence'),
    evidenceName: text('evidence_name'),
    evidenceContentType: text('evidence_content_type'),
    evidenceSize: integer('evidence_size'),
    isCurrent: boolean('is_current').notNull().default(false),
    recordedBy: uuid('recorded_by'),
    /**
     * `approved` records count; a member's own upload is `pending` until an admin approves it
     * (decision 019) or `rejected` with the admin's reason. Only approved records can be current.
     */
    status: text('status').notNull().default('approved'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('certification_records_holder_idx').on(t.companyId, t.typeId, t.userId, t.expiresOn),
    uniqueIndex('certification_records_current_key').on(t.companyId, t.typeId, t.userId).where(sql`is_current`),
    index('certification_records_current_expiry_idx').on(t.companyId, t.typeId, t.expiresOn).where(sql`is_current`),
    index('certification_records_pending_idx').on(t.companyId, t.createdAt, t.id).where(sql`status = 'pending'`),
    check('certification_records_status_check', sql`status IN ('approved', 'pending', 'rejected')`),
  ],
);
