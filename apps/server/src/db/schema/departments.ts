import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Departments of a company: a tree (parent), a head. Tenant rows: a FORCE row-level-security policy
 * keeps each company to its own.
 */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    parentId: uuid('parent_id').references((): AnyPgColumn => departments.id, { onDelete: 'set null' }),
    headUserId: uuid('head_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A hex colour (#rrggbb) for the org chart. */
    color: text('color').notNull().default('#228be6'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('departments_company_name_key').on(t.companyId, t.name),
    index('departments_company_parent_idx').on(t.companyId, t.parentId),
    index('departments_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);
