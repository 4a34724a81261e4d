import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/** A "company profile" (the API's name for it): a user's place in one company. Tenant row (RLS). */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default(sql`'{member}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    schedulingEnabled: boolean('scheduling_enabled').notNull().default(true),
    emailEnabled: boolean('email_enabled').notNull().default(true),
    videoCallEnabled: boolean('video_call_enabled').notNull().default(true),
    /**
     * Copies of the user's name and email (kept in sync by triggers, migration 0002) so a company's
     * member listing sorts and pages on one table with per-company indexes at 100k members.
     */
    sortName: text('sort_name').notNull().default(''),
    email: text('email').notNull().default(''),
    /**
     * The roles as one text ('admin', 'admin,member', 'member'), kept by a trigger (migration 0004):
     * the role sort's key. Text comparison is leakproof, so under row-level security a keyset
     * condition on it is an index condition; an array comparison is not.
     */
    roleKey: text('role_key').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_company_user_key').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId, t.createdAt),
    index('memberships_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('memberships_company_name_idx').on(t.companyId, t.sortName, t.id),
    index('memberships_company_email_idx').on(t.companyId, t.email, t.id),
    index('memberships_company_roles_idx').on(t.companyId, t.roleKey, t.id),
    /** The disabled members, few: whose reports sit at the top of the org chart (migration 0029). */
    index('memberships_company_disabled_idx').on(t.companyId, t.userId).where(sql`NOT enabled`),
  ],
);
