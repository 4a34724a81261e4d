import { z } from 'zod';
import { lineText } from '../validation';
import { LISTING_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

/**
 * A uuid, lowercased: the database compares uuids without regard to case but the server compares
 * ids as strings (an admin's own record, request, correction), so `ABC…` must not pass for someone
 * other than `abc…`.
 */
export const UuidSchema = z.uuid({ message: 'uuid' }).toLowerCase();

/** Query of every listing: 1-based page, page size, search, sort. */
export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  search: lineText().trim().max(100, 'tooLong').optional(),
  sort: lineText().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number().int(),
    itemsPerPage: z.number().int(),
    totalItems: z.number().int(),
  });

export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
});

export const OkSchema = z.object({ ok: z.literal(true), message: z.string().optional() });
