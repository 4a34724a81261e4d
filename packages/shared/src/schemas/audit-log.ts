import { z } from 'zod';
import { AUDIT_TARGET_TYPES } from '../audit';
import { lineText } from '../validation';
import { LISTING_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { UuidSchema, pageOf } from './common';

const AuditLogFilterSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  action: lineText().trim().max(80, 'tooLong').optional(),
  actor: UuidSchema.optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  from: z.iso.datetime({ offset: true, message: 'invalid' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'invalid' }).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
/** A range that ends before it starts is refused (it matched nothing, answered as an empty page). */
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
export const AuditLogQuerySchema = AuditLogFilterSchema.refine(inOrder, { message: 'dateOrder', path: ['to'] });
export const AuditLogExportQuerySchema = AuditLogFilterSchema.omit({ page: true, itemsPerPage: true }).refine(inOrder, {
  message: 'dateOrder',
  path: ['to'],
});
export const AuditEntrySchema = z.object({
  uuid: UuidSchema,
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What the target is called when the entry is read (a person's name, a team's, an e-mail address). */
  targetName: z.string().nullable(),
  /** Whose the target is when that is not the target itself (a certification record's holder). */
  targetPerson: z.string().nullable(),
  actor: z.object({ uuid: UuidSchema, email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
/** Filtered listings count their matches up to this many; past it the total says "at least". */
export const AUDIT_COUNT_CAP = 10_000;
export const AuditLogPageSchema = pageOf(AuditEntrySchema).extend({
  /** True when more entries match than `totalItems` (a filtered count stops at AUDIT_COUNT_CAP). */
  totalIsLowerBound: z.boolean(),
});

/** The result of verifying the audit chain: intact, or the first row where it breaks and why. */
export const AuditVerifySchema = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  millis: z.number().int(),
  firstBroken: z
    .object({
      uuid: z.string().nullable(),
      seq: z.number().int(),
      action: z.string().nullable(),
      createdAt: z.string().nullable(),
      reason: z.enum(['content_changed', 'link_broken', 'row_missing', 'unchained']),
    })
    .nullable(),
});
export type AuditVerify = z.infer<typeof AuditVerifySchema>;
