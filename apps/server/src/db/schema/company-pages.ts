import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
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
import { memberships } from './memberships';

/** A company's public contact page. Tenant rows: a FORCE row-level-security policy keeps each company to its own. */
export const companyPages = pgTable(
  'company_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    /** The page's address under `/admin/public/{company}/`; unique in its company. */
    slug: text('slug').notNull(),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_pages_company_slug_key').on(t.companyId, t.slug),
    index('company_pages_company_title_idx').on(t.companyId, sql`lower(${t.title})`, t.id),
    index('company_pages_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/** The members shown on a page, in order, with the buttons each allows. Leaving the company removes the row. */
export const companyPageUsers = pgTable(
  'company_page_users',
  {
    companyId: uuid('company_id').notNull(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => companyPages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    position: integer('position').notNull(),
    schedulingEnabled: boolean('scheduling_enabled').notNull().default(true),
    emailEnabled: boolean('email_enabled').notNull().default(true),
    videoCallEnabled: boolean('video_call_enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'company_page_users_pkey', columns: [t.pageId, t.userId] }),
    index('company_page_users_company_user_idx').on(t.companyId, t.userId),
    foreignKey({
      name: 'company_page_users_membership_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

/** A visitor's "Send message" to one person of a page: read in that person's console. */
export const pageMessages = pgTable(
  'page_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id').references(() => companyPages.id, { onDelete: 'set null' }),
    pageTitle: text('page_title').notNull(),
    recipientUserId: uuid('recipient_user_id').notNull(),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('page_messages_company_recipient_idx').on(t.companyId, t.recipientUserId, t.createdAt, t.id),
    foreignKey({
      name: 'page_messages_membership_fk',
      columns: [t.companyId, t.recipientUserId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

/** A user's bookmarked navbar-search results, per company. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** screen | member | team | department | companyPage (| policy, …): what `target` names. */
    kind: text('kind').notNull(),
    /** A screen's path, or an entity's uuid. */
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookmarks_company_user_target_key').on(t.companyId, t.userId, t.kind, t.target),
    foreignKey({
      name: 'bookmarks_membership_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);
