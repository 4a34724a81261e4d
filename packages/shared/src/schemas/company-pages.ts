import { z } from 'zod';
import { emailField, lineText, MARKUP_PATTERN, multilineText } from '../validation';
import { ListQuerySchema, pageOf, UuidSchema } from './common';

/**
 * Company pages: public contact pages a company publishes under `/admin/public/{company}/{slug}`,
 * each with its dashboard users (members shown on it, in order) and the buttons their toggles allow.
 */
const noMarkup = (v: string) => !MARKUP_PATTERN.test(v);
const title = lineText().trim().min(1, 'required').max(120, 'tooLong').refine(noMarkup, 'markup');
const description = multilineText().trim().max(2000, 'tooLong').refine(noMarkup, 'markup').nullable();
/** A URL path segment: lower-case letters, digits and inner hyphens. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const slug = lineText().trim().toLowerCase().min(1, 'required').max(64, 'tooLong').regex(PAGE_SLUG_PATTERN, 'invalid');

export const PAGE_MAX_USERS = 50;

export const DashboardUserInputSchema = z
  .object({
    uuid: UuidSchema,
    schedulingEnabled: z.boolean().default(true),
    emailEnabled: z.boolean().default(true),
    videoCallEnabled: z.boolean().default(true),
  })
  .strict();
const dashboardUsers = z
  .array(DashboardUserInputSchema)
  .max(PAGE_MAX_USERS, 'tooLong')
  .refine((list) => new Set(list.map((u) => u.uuid)).size === list.length, 'invalid');

export const CompanyPageListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['title', 'createdAt']).default('title'),
});
export type CompanyPageListQuery = z.infer<typeof CompanyPageListQuerySchema>;

export const DashboardUserSchema = z.object({
  uuid: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  schedulingEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  videoCallEnabled: z.boolean(),
});
export type DashboardUser = z.infer<typeof DashboardUserSchema>;

export const CompanyPageSchema = z.object({
  uuid: UuidSchema,
  title: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  published: z.boolean(),
  dashboardUsers: z.array(DashboardUserSchema),
  createdAt: z.string(),
  version: z.number().int(),
});
export type CompanyPage = z.infer<typeof CompanyPageSchema>;
export const CompanyPagePageSchema = pageOf(CompanyPageSchema);
export const CompanyPageParamsSchema = z.object({ uuid: UuidSchema });

export const CompanyPageCreateSchema = z
  .object({
    title,
    description: description.optional(),
    slug,
    published: z.boolean().default(false),
    dashboardUsers: dashboardUsers.default([]),
  })
  .strict();
export type CompanyPageCreate = z.input<typeof CompanyPageCreateSchema>;
export const CompanyPageUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    title: title.optional(),
    description: description.optional(),
    slug: slug.optional(),
    published: z.boolean().optional(),
    dashboardUsers: dashboardUsers.optional(),
  })
  .strict();
export type CompanyPageUpdate = z.input<typeof CompanyPageUpdateSchema>;

// ---- The public page (no sign-in) ----

export const PRESENCE_STATUSES = ['online', 'away', 'busy', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

export const PublicPageParamsSchema = z.object({
  company: lineText().max(63),
  slug: lineText().max(64),
});
export const PublicPersonParamsSchema = PublicPageParamsSchema.extend({ uuid: UuidSchema });

export const PublicPersonSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  jobTitle: z.string().nullable(),
  photoUrl: z.string().nullable(),
  presence: z.enum(PRESENCE_STATUSES),
  /** Links built from the configured base URLs; null when the person's toggle is off. */
  callUrl: z.string().nullable(),
  scheduleUrl: z.string().nullable(),
  canEmail: z.boolean(),
  canMessage: z.boolean(),
});
export type PublicPerson = z.infer<typeof PublicPersonSchema>;
export const PublicPageSchema = z.object({
  company: z.object({ name: z.string(), subDomain: z.string() }),
  title: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  people: z.array(PublicPersonSchema),
});
export type PublicPage = z.infer<typeof PublicPageSchema>;

export const VISITOR_MESSAGE_MAX = 2000;
const visitorName = lineText().trim().min(1, 'required').max(100, 'tooLong').refine(noMarkup, 'markup');
const visitorBody = multilineText()
  .trim()
  .min(1, 'required')
  .max(VISITOR_MESSAGE_MAX, 'tooLong')
  .refine(noMarkup, 'markup');

/** What a visitor sends: "Send email" mails it, "Send message" stores it and shows it live in the console. */
export const VisitorMessageSchema = z
  .object({
    name: visitorName,
    email: emailField,
    message: visitorBody,
  })
  .strict();
export type VisitorMessage = z.input<typeof VisitorMessageSchema>;

// ---- Received messages (the console) ----

export const ReceivedMessageSchema = z.object({
  uuid: UuidSchema,
  pageTitle: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type ReceivedMessage = z.infer<typeof ReceivedMessageSchema>;
export const ReceivedMessagePageSchema = pageOf(ReceivedMessageSchema);
export const ReceivedMessageListQuerySchema = ListQuerySchema.pick({ page: true, itemsPerPage: true });
