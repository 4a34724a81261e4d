import { z } from 'zod';
import { LISTING_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { UuidSchema, pageOf } from './common';

export const AuditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  action: z.string().trim().max(80, 'tooLong').optional(),
  actor: UuidSchema.optional(),
  from: z.iso.datetime({ offset: true, message: 'invalid' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'invalid' }).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const AuditLogExportQuerySchema = AuditLogQuerySchema.omit({ page: true, itemsPerPage: true });
export const AuditEntrySchema = z.object({
  uuid: UuidSchema,
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  actor: z.object({ uuid: UuidSchema, email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export const AuditLogPageSchema = pageOf(AuditEntrySchema);
