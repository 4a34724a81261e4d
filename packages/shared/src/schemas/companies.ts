import { z } from 'zod';
import { PLANS } from '../constants';
import { emailField, lineText, multilineText, nameField, subDomainField } from '../validation';
import { ListQuerySchema, UuidSchema, pageOf } from './common';
import { MembershipRoleSchema } from './members';

export const CompanyListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'subDomain', 'createdAt']).default('name'),
  enabled: z.enum(['true', 'false']).optional(),
});
export const CompanyExportQuerySchema = CompanyListQuerySchema.omit({ page: true, itemsPerPage: true });
export type CompanyExportQuery = z.infer<typeof CompanyExportQuerySchema>;
/** A company's own invitation limit (per hour or per day), set by the super admin: 1 to 1,000,000. */
export const INVITATION_LIMIT_MAX = 1_000_000;
const invitationLimitField = z
  .number({ message: 'invalid' })
  .int('invalid')
  .min(1, 'invalid')
  .max(INVITATION_LIMIT_MAX, 'invalid');

export const CompanySchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  subDomain: z.string(),
  logo: z.string().nullable(),
  enabled: z.boolean(),
  plan: z.string(),
  trialEndsAt: z.string().nullable(),
  /** Invitation mails per hour and per day the platform allows this company; null: the default (docs/decisions/006). */
  invitationLimitHour: z.number().int().nullable(),
  invitationLimitDay: z.number().int().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
/**
 * A row of the companies listing: the company and its enabled members, read from the counts kept by
 * triggers (`member_stats`), never by counting memberships.
 */
export const CompanyListItemSchema = CompanySchema.extend({ memberCount: z.number().int() });
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;
export const CompanyPageSchema = pageOf(CompanyListItemSchema);
export const CompanyParamsSchema = z.object({ uuid: UuidSchema });
export const CompanyMemberParamsSchema = z.object({ uuid: UuidSchema, userUuid: UuidSchema });

export const CompanyCreateSchema = z
  .object({
    name: nameField,
    title: lineText().trim().max(200, 'tooLong').optional(),
    description: multilineText().trim().max(2000, 'tooLong').optional(),
    subDomain: subDomainField,
    plan: z.enum(PLANS).optional(),
    trialEndsAt: z.iso.datetime({ offset: true, message: 'invalid' }).nullable().optional(),
    admin: z.object({ email: emailField, firstName: nameField.optional(), lastName: nameField.optional() }).strict(),
  })
  .strict();
export const CompanyUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    name: nameField.optional(),
    title: lineText().trim().max(200, 'tooLong').nullable().optional(),
    description: multilineText().trim().max(2000, 'tooLong').nullable().optional(),
    subDomain: subDomainField.optional(),
    plan: z.enum(PLANS).optional(),
    trialEndsAt: z.iso.datetime({ offset: true, message: 'invalid' }).nullable().optional(),
    enabled: z.boolean().optional(),
    invitationLimitHour: invitationLimitField.nullable().optional(),
    invitationLimitDay: invitationLimitField.nullable().optional(),
  })
  .strict();
export const CompanyCreatedSchema = CompanySchema.extend({ adminInvited: z.boolean() });
/**
 * The super admin adds a person who already has an account; an unknown email is refused
 * (UNKNOWN_EMAIL) unless `invite` asks for an invitation mail instead.
 */
export const CompanyMemberAddSchema = z
  .object({
    email: emailField,
    roles: z.array(MembershipRoleSchema).min(1).max(2).default(['member']),
    invite: z.boolean().default(false),
  })
  .strict();
export type CompanyMemberAdd = z.input<typeof CompanyMemberAddSchema>;

/** The super admin's figures of the whole platform (docs/stats.md, "Platform"). */
export const PlatformStatsSchema = z.object({
  companies: z.object({ total: z.number().int(), enabled: z.number().int(), onTrial: z.number().int() }),
  /** Enabled memberships in enabled companies (a person in two companies counts in each). */
  activeMembers: z.number().int(),
  users: z.number().int(),
  /** Accounts created per ISO week (Monday, UTC), the last 12 weeks, oldest first, this week included. */
  signups: z.array(z.object({ weekStart: z.string(), users: z.number().int() })),
  /** Enabled companies whose trial ends in the next 7 days, soonest first (at most 50). */
  trialsEndingSoon: z.array(
    z.object({ uuid: UuidSchema, name: z.string(), subDomain: z.string(), trialEndsAt: z.string() }),
  ),
});
export type PlatformStats = z.infer<typeof PlatformStatsSchema>;
