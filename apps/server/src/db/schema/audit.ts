import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** Every admin write: who, what, before/after, when, from where. Tenant rows (RLS). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The tamper-evident chain (docs/decisions/015-audit-hash-chain.md): a trigger numbers each row
     * within its company and hashes its content together with the previous row's hash.
     */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt),
    index('audit_log_company_seq_idx').on(t.companyId, t.seq),
    // The trail of one object (a policy's evidence export).
    index('audit_log_company_target_idx').on(t.companyId, t.targetType, t.targetId, t.seq),
  ],
);

/** The head of each company's audit chain, locked by the chaining trigger. No RLS and no grant: only that trigger touches it. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chainId: uuid('chain_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
