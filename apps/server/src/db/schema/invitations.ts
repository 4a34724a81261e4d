import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/** An admin's invitation by email. Tenant rows (RLS). The token is stored hashed. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    roles: text('roles').array().notNull().default(sql`'{member}'::text[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * The employee record a CSV import gave the person (record columns, ids resolved and checked at
     * import), written when they join; checked again then, as a department or field may be gone.
     */
    employee: jsonb('employee'),
  },
  (t) => [
    index('invitations_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('invitations_token_idx').on(t.tokenHash),
  ],
);

/** A signed-in user's request to join a company. Tenant rows (RLS, readable by the requester). */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    respondedBy: uuid('responded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('join_requests_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('join_requests_user_idx').on(t.userId),
  ],
);
