import { z } from 'zod';
import { lineText, multilineText } from '../validation';
import { ListQuerySchema, UuidSchema, pageOf } from './common';

export const JoinRequestCreateSchema = z
  .object({
    subDomain: lineText().trim().toLowerCase().min(1, 'required').max(63, 'tooLong'),
    message: multilineText().trim().max(500, 'tooLong').optional(),
  })
  .strict();
export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export const JoinRequestListQuerySchema = ListQuerySchema.extend({
  status: z.enum(JOIN_REQUEST_STATUSES).default('pending'),
  sort: z.enum(['createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const JoinRequestSchema = z.object({
  uuid: UuidSchema,
  status: z.enum(JOIN_REQUEST_STATUSES),
  message: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  user: z.object({ uuid: UuidSchema, email: z.string(), firstName: z.string(), lastName: z.string() }),
  company: z.object({ uuid: UuidSchema, name: z.string(), subDomain: z.string() }),
});
export const JoinRequestPageSchema = pageOf(JoinRequestSchema);
export const JoinRequestParamsSchema = z.object({ uuid: UuidSchema });
export const JoinRequestDecisionSchema = z.object({ decision: z.enum(['accept', 'decline']) }).strict();
