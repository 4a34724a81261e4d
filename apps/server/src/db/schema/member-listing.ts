import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { memberships } from './memberships';

/**
 * Member counts per company, role ('' = every member) and status, kept by statement triggers on
 * memberships (migration 0003), so `totalItems` of an unsearched listing is a sum of at most four
 * rows instead of counting 100,000 index entries. Tenant rows (RLS); the app role only reads them.
 */
export const memberStats = pgTable(
  'member_stats',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    enabled: boolean('enabled').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.role, t.enabled] })],
);

/**
 * Bumped by the same triggers whenever a company's member ordering can change (a member added or
 * removed, renamed, re-roled, enabled or disabled). Deep-page anchors cached by a server process are
 * valid only for the version they were read with.
 */
export const memberListVersions = pgTable('member_list_versions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * The searchable text of each membership (its user's name and email, lowercased) with a per-company
 * trigram index (company_id, search_text), and copies of what a searched listing filters and sorts
 * on, so a search never visits memberships for rows outside its page. A LIKE on a table under
 * row-level security cannot use an index, so this table has none; the app role has no privilege on
 * it and reaches it only through `member_search_page()` / `member_search_ids()`, which answer the
 * scope's own company only.
 */
export const memberSearch = pgTable('member_search', {
  membershipId: uuid('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
  userId: uuid('user_id').notNull(),
  searchText: text('search_text').notNull(),
  sortName: text('sort_name').notNull(),
  email: text('email').notNull(),
  roles: text('roles').array().notNull(),
  enabled: boolean('enabled').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
