import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
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
 * Policies of a company (compliance). The text lives in `policy_versions`; this row holds what
 * applies to every version: who must read it, by when, and which published version they must have
 * acknowledged. Tenant rows: a FORCE row-level-security policy keeps each company to its own.
 */
export const policies = pgTable(
  'policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull().default(''),
    ownerUserId: uuid('owner_user_id'),
    audienceAll: boolean('audience_all').notNull().default(true),
    audienceTeamIds: uuid('audience_team_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceDepartmentIds: uuid('audience_department_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Days a person has to acknowledge, counted from publication or from joining the audience, whichever is later. */
    dueDays: integer('due_days').notNull().default(14),
    /** The newest published version (null while only a draft exists). */
    currentVersionId: uuid('current_version_id'),
    currentNumber: integer('current_number'),
    /** Acknowledging this version number or a later one counts; set by every publish that needs re-acknowledgement. */
    ackNumber: integer('ack_number'),
    /** When `ackNumber` was published: the start of the due period. */
    ackPublishedAt: timestamp('ack_published_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('policies_company_title_idx').on(t.companyId, t.title, t.id),
    index('policies_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/** The versions of a policy: one draft at most, edited freely; published ones are frozen (a trigger refuses changes). */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** draft | published */
    state: text('state').notNull().default('draft'),
    /** text | pdf | null (an empty draft) */
    bodyKind: text('body_kind'),
    bodyHtml: text('body_html'),
    pdf: bytea('pdf'),
    pdfName: text('pdf_name'),
    /** SHA-256 (hex) of the exact content a reader is shown: the sanitised HTML's UTF-8 bytes or the PDF's bytes. */
    contentSha256: text('content_sha256'),
    requiresAck: boolean('requires_ack').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('policy_versions_policy_number_key').on(t.companyId, t.policyId, t.number),
    uniqueIndex('policy_versions_one_draft_key').on(t.companyId, t.policyId).where(sql`state = 'draft'`),
  ],
);

/** Who acknowledged which exact text, when, from where. Insert-only: no UPDATE/DELETE grant and a trigger refusing both. */
export const policyAcknowledgements = pgTable(
  'policy_acknowledgements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => policyVersions.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    userId: uuid('user_id').notNull(),
    contentSha256: text('content_sha256').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // INCLUDE (acknowledged_at): Stats groups a person's acknowledgements from the index alone
    // (migration 0040).
    uniqueIndex('policy_acks_person_version_key').on(t.companyId, t.policyId, t.userId, t.versionNumber),
    index('policy_acks_policy_number_idx').on(t.companyId, t.policyId, t.versionNumber),
    // Evidence exports read a policy's acknowledgements in time order, in keyset batches.
    index('policy_acks_policy_time_idx').on(t.companyId, t.policyId, t.acknowledgedAt, t.id),
  ],
);

/**
 * Who each policy is assigned to (its audience among the enabled members), with the highest version
 * number the person has acknowledged (0: none) and when their membership began (the due date's
 * other start). Kept by triggers on memberships, teams, employees, policies and acknowledgements
 * (docs/decisions/022-policy-tracking-counters.md); read-only to the application.
 */
export const policyAssignees = pgTable(
  'policy_assignees',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** The membership's sort name (kept in step by the same triggers): the list pages in this index. */
    sortName: text('sort_name').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    ackedNumber: integer('acked_number').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.policyId, t.userId] }),
    index('policy_assignees_user_idx').on(t.companyId, t.userId),
    // The tracking list walks this in name order and filters on the columns the migration adds as
    // INCLUDE (acked_number, joined_at): an index-only scan.
    index('policy_assignees_name_idx').on(t.companyId, t.policyId, t.sortName, t.userId),
    // The list sorted by due date walks this: a person's due date only grows with their joining date
    // (the policy's publication and days allowed are the same for everyone), INCLUDE (acked_number).
    index('policy_assignees_joined_idx').on(t.companyId, t.policyId, t.joinedAt, t.userId),
  ],
);

/** A policy's completion counters: people assigned and, of them, those whose acknowledgement counts. */
export const policyCounts = pgTable(
  'policy_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    assigned: integer('assigned').notNull().default(0),
    acknowledged: integer('acknowledged').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.policyId] })],
);

/** People still to acknowledge a policy, by due instant: overdue is the sum of the buckets already past. */
export const policyDueCounts = pgTable(
  'policy_due_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.policyId, t.dueAt] })],
);
