import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A tenant. Platform data: readable by host resolution, written by super admins and sign-up. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title'),
    description: text('description'),
    subDomain: text('sub_domain').notNull(),
    logo: text('logo'),
    enabled: boolean('enabled').notNull().default(true),
    plan: text('plan').notNull().default('pro-plan-monthly'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    accountType: text('account_type').notNull().default('organization'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Invitation mails an hour / a day, set by the super admin; null: the default quota (docs/decisions/006). */
    invitationLimitHour: integer('invitation_limit_hour'),
    invitationLimitDay: integer('invitation_limit_day'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_sub_domain_key').on(t.subDomain), index('companies_name_idx').on(t.name, t.id)],
);
