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
  /**
   * The sub-domain of the company address the session was opened on; null for a sign-in on the
   * platform's own address, from which any of the person's companies can be opened.
   */
  subDomain: z.string().nullable(),
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
export const MemberImportRowResultSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  status: z.enum(['valid', 'invalid', 'invited', 'skipped', 'updated', 'unchanged']),
  /** `column`: the header the file gave the field, as written there, for the admin to find it. */
  errors: z.array(z.object({ field: z.string(), column: z.string(), code: z.string(), message: z.string() })),
});
/**
 * The answer of a preview or a commit: counts of every row, and the rows with a problem (invalid or
 * skipped), the first IMPORT_PROBLEM_ROWS of them in file order; never one object per good row.
 */
export const MemberImportResultSchema = z.object({
  totalRows: z.number().int(),
  /** Rows that are (preview) or were (commit) invited, updated or unchanged. */
  validRows: z.number().int(),
  /** Invalid and skipped rows. */
  invalidRows: z.number().int(),
  /** Preview: the new people the commit would invite now; commit: the people invited. */
  imported: z.number().int(),
  /** Employee records of existing members changed by the commit (employee columns in the file). */
  updated: z.number().int(),
  /** Rows per status. */
  counts: z.object({
    valid: z.number().int(),
    invalid: z.number().int(),
    invited: z.number().int(),
    skipped: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
  }),
  /** Invalid and skipped rows in file order, at most IMPORT_PROBLEM_ROWS (`problemsTruncated` says when more). */
  problems: z.array(MemberImportRowResultSchema),
  problemsTruncated: z.boolean(),
  /** A commit that invited people: the id of its invitation mails, for GET /api/members/import/{uuid}/progress. */
  batchId: UuidSchema.nullable(),
});
export const MemberImportParamsSchema = z.object({ uuid: UuidSchema });
/** The invitation mails of one import, counted from its jobs (survives a reload and a restart). */
export const MemberImportProgressSchema = z.object({
  batchId: UuidSchema,
  total: z.number().int(),
  sent: z.number().int(),
  /** Mails that gave up (dead jobs); failed attempts still being retried count as pending. */
  failed: z.number().int(),
  pending: z.number().int(),
  done: z.boolean(),
});
export type MemberImportProgress = z.infer<typeof MemberImportProgressSchema>;
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;
