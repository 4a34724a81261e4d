import { z } from 'zod';
import { MEMBERSHIP_ROLES } from '../constants';
import { emailField, nameField } from '../validation';
import { ListQuerySchema, UuidSchema, pageOf } from './common';

export const MembershipRoleSchema = z.enum(MEMBERSHIP_ROLES, { message: 'invalid' });
export const MEMBER_SORTS = ['name', 'email', 'createdAt', 'role'] as const;

/** GET /api/members: search by name/email fragment, sort, filters role, status, team. */
export const MemberListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(MEMBER_SORTS).default('createdAt'),
  role: MembershipRoleSchema.optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
  team: UuidSchema.optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;
export const MemberExportQuerySchema = MemberListQuerySchema.omit({ page: true, itemsPerPage: true });

/** A membership joined with its user, as a company admin sees it. `uuid` is the user's uuid. */
export const MemberSchema = z.object({
  uuid: UuidSchema,
  membershipUuid: UuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  schedulingEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  videoCallEnabled: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MemberPageSchema = pageOf(MemberSchema);
export const MemberParamsSchema = z.object({ uuid: UuidSchema });
export const MemberSessionParamsSchema = z.object({ uuid: UuidSchema, sessionUuid: UuidSchema });

const rolesField = z
  .array(MembershipRoleSchema)
  .min(1, 'required')
  .max(2)
  .transform((r) => [...new Set(r)]);

export const MemberUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    roles: rolesField.optional(),
    enabled: z.boolean().optional(),
    schedulingEnabled: z.boolean().optional(),
    emailEnabled: z.boolean().optional(),
    videoCallEnabled: z.boolean().optional(),
  })
  .strict();
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;
export const VersionBodySchema = z.object({ version: z.number().int().min(1) }).strict();

export const BULK_ACTIONS = ['enable', 'disable', 'setRole', 'remove'] as const;
export const MemberBulkSchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    uuids: z.array(UuidSchema).min(1, 'required').max(100),
    role: MembershipRoleSchema.optional(),
  })
  .strict()
  .refine((b) => b.action !== 'setRole' || !!b.role, { message: 'required', path: ['role'] });
export type MemberBulk = z.infer<typeof MemberBulkSchema>;
export const MemberBulkResultSchema = z.object({
  results: z.array(
    z.object({ uuid: UuidSchema, ok: z.boolean(), code: z.string().optional(), message: z.string().optional() }),
  ),
});

export const MemberTeamSchema = z.object({ uuid: UuidSchema, name: z.string(), isLead: z.boolean() });
export const MemberTeamsSchema = z.object({ data: z.array(MemberTeamSchema) });

export const MemberSessionSchema = z.object({
  uuid: UuidSchema,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
});
export const MemberSessionsSchema = z.object({ data: z.array(MemberSessionSchema) });
export const MessageSchema = z.object({ message: z.string() });

/** One row of a members CSV import. */
export const MemberImportRowSchema = z.object({
  email: emailField,
  firstName: nameField,
  lastName: nameField,
  role: MembershipRoleSchema,
});
export const MemberImportResultSchema = z.object({
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  imported: z.number().int(),
  /** Employee records of existing members changed by the commit (employee columns in the file). */
  updated: z.number().int(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      email: z.string(),
      status: z.enum(['valid', 'invalid', 'invited', 'skipped', 'updated', 'unchanged']),
      errors: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
    }),
  ),
});
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;
