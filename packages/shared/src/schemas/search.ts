import { z } from 'zod';
import { lineText } from '../validation';
import { UuidSchema } from './common';

/**
 * The navbar search: one query over the screens a user may open (matched in the console, in the
 * reader's language) and the entities of the company they may see (matched here, on the server),
 * grouped, a few per group; bookmarks per user and company.
 */
export const SEARCH_KINDS = [
  'screen',
  'member',
  'team',
  'department',
  'companyPage',
  'policy',
  'certification',
  'company',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** Results per group. */
export const SEARCH_GROUP_LIMIT = 5;

export const SearchQuerySchema = z.object({
  q: lineText().trim().max(100, 'tooLong').default(''),
});

export const SearchItemSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** An entity's uuid, or a screen's path. */
  target: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Where the console opens it (router path, without the /admin base). */
  path: z.string(),
  isBookmarked: z.boolean(),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;

export const SearchResultSchema = z.object({
  query: z.string(),
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(SearchItemSchema) })),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const BookmarkSchema = SearchItemSchema.extend({ uuid: UuidSchema });
export type Bookmark = z.infer<typeof BookmarkSchema>;
export const BookmarkListSchema = z.object({ data: z.array(BookmarkSchema) });

/** A screen's path: the console's own, starting with a slash. */
const SCREEN_PATH = /^\/[a-z0-9/-]{0,100}$/;
export const BookmarkCreateSchema = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    target: lineText().trim().min(1, 'required').max(120, 'tooLong'),
  })
  .strict()
  .refine((b) => (b.kind === 'screen' ? SCREEN_PATH.test(b.target) : UuidSchema.safeParse(b.target).success), {
    message: 'invalid',
    path: ['target'],
  });
export type BookmarkCreate = z.infer<typeof BookmarkCreateSchema>;
export const BookmarkParamsSchema = z.object({ uuid: UuidSchema });

/** A member's own presence choice: busy, or back to automatic (online/away by activity). */
export const PresenceSetSchema = z.object({ status: z.enum(['busy', 'auto']) }).strict();
export const PresenceQuerySchema = z.object({
  uuids: z
    .string()
    .max(37 * 100)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(UuidSchema).max(100)),
});
export const PresenceMapSchema = z.object({
  data: z.record(z.string(), z.enum(['online', 'away', 'busy', 'offline'])),
});

/** A member's links into the other products (null where their toggle is off). */
export const ProductLinksSchema = z.object({ scheduleUrl: z.string().nullable(), callUrl: z.string().nullable() });
export type ProductLinks = z.infer<typeof ProductLinksSchema>;
