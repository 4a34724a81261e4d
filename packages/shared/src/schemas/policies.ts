import { z } from 'zod';
import { lineText } from '../validation';
import { AuditEntrySchema } from './audit-log';
import { ListQuerySchema, pageOf, UuidSchema } from './common';

/** Compliance policies: versions, audience, due dates, acknowledgements and tracking. */

const title = lineText().trim().min(1, 'required').max(200, 'tooLong');
const category = lineText().trim().max(100, 'tooLong');
/** Days to acknowledge after publication or assignment: at least one, so a due date is never in the past. */
const dueDays = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(365, 'invalid');
const uuids = z.array(UuidSchema).max(200, 'tooLong');

export const PolicyAudienceSchema = z
  .object({ all: z.boolean(), teamUuids: uuids.default([]), departmentUuids: uuids.default([]) })
  .strict();
export type PolicyAudience = z.infer<typeof PolicyAudienceSchema>;

export const POLICY_STATUSES = ['draft', 'active', 'archived'] as const;

export const PolicyListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['title', 'createdAt']).default('title'),
  status: z.enum(POLICY_STATUSES).optional(),
});
export type PolicyListQuery = z.infer<typeof PolicyListQuerySchema>;

const PersonRefSchema = z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string(), email: z.string() });

export const PolicyVersionSummarySchema = z.object({
  uuid: UuidSchema,
  number: z.number().int(),
  state: z.enum(['draft', 'published']),
  bodyKind: z.enum(['text', 'pdf']).nullable(),
  pdfName: z.string().nullable(),
  contentSha256: z.string().nullable(),
  requiresAck: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type PolicyVersionSummary = z.infer<typeof PolicyVersionSummarySchema>;

export const PolicySchema = z.object({
  uuid: UuidSchema,
  title: z.string(),
  category: z.string(),
  owner: PersonRefSchema.nullable(),
  audience: z.object({ all: z.boolean(), teamUuids: z.array(UuidSchema), departmentUuids: z.array(UuidSchema) }),
  dueDays: z.number().int(),
  status: z.enum(POLICY_STATUSES),
  currentNumber: z.number().int().nullable(),
  ackNumber: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Policy = z.infer<typeof PolicySchema>;
export const PolicyPageSchema = pageOf(PolicySchema);
export const PolicyParamsSchema = z.object({ uuid: UuidSchema });
export const PolicyVersionParamsSchema = z.object({ uuid: UuidSchema, versionUuid: UuidSchema });

export const PolicyDetailSchema = PolicySchema.extend({ versions: z.array(PolicyVersionSummarySchema) });
export type PolicyDetail = z.infer<typeof PolicyDetailSchema>;

/** One version with what a reader sees: the sanitised HTML, or a PDF to download. */
export const PolicyVersionSchema = PolicyVersionSummarySchema.extend({
  policyUuid: UuidSchema,
  bodyHtml: z.string().nullable(),
});
export type PolicyVersion = z.infer<typeof PolicyVersionSchema>;

export const PolicyCreateSchema = z
  .object({
    title,
    category: category.default(''),
    ownerUuid: UuidSchema.nullable().default(null),
    audience: PolicyAudienceSchema.default({ all: true, teamUuids: [], departmentUuids: [] }),
    dueDays: dueDays.default(14),
  })
  .strict();
export type PolicyCreate = z.input<typeof PolicyCreateSchema>;
export const PolicyUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    title: title.optional(),
    category: category.optional(),
    ownerUuid: UuidSchema.nullable().optional(),
    audience: PolicyAudienceSchema.optional(),
    dueDays: dueDays.optional(),
  })
  .strict();
export type PolicyUpdate = z.infer<typeof PolicyUpdateSchema>;
export const PolicyArchiveSchema = z.object({ version: z.number().int().min(1) }).strict();

/** The draft's text: rich text, sanitised on the server (unsafe content is refused, not stripped). */
export const PolicyDraftTextSchema = z.object({ html: z.string().max(200_000, 'tooLong') }).strict();
export type PolicyDraftText = z.infer<typeof PolicyDraftTextSchema>;

export const PolicyPublishSchema = z.object({ version: z.number().int().min(1), requiresAck: z.boolean() }).strict();
export type PolicyPublish = z.infer<typeof PolicyPublishSchema>;

/** Tracking: who is assigned a policy and where each person stands. */
export const TRACKING_STATUSES = ['acknowledged', 'outstanding', 'overdue'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const PolicyTrackingQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'dueAt']).default('name'),
  status: z.enum(TRACKING_STATUSES).optional(),
  teamUuid: UuidSchema.optional(),
  departmentUuid: UuidSchema.optional(),
});
export type PolicyTrackingQuery = z.infer<typeof PolicyTrackingQuerySchema>;
export const PolicyTrackingExportQuerySchema = PolicyTrackingQuerySchema.omit({ page: true, itemsPerPage: true });

export const PolicyTrackingRowSchema = z.object({
  person: PersonRefSchema,
  status: z.enum(TRACKING_STATUSES),
  dueAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedNumber: z.number().int().nullable(),
});
export const PolicyCompletionSchema = z.object({
  assigned: z.number().int(),
  acknowledged: z.number().int(),
  outstanding: z.number().int(),
  overdue: z.number().int(),
  /** 0–100, one decimal; 100 when nobody is assigned. */
  completion: z.number(),
});
export type PolicyCompletion = z.infer<typeof PolicyCompletionSchema>;
export const PolicyTrackingPageSchema = pageOf(PolicyTrackingRowSchema).extend({
  /** True when more people match a search than `totalItems` (a search's count stops at 1,000). */
  totalIsLowerBound: z.boolean(),
  summary: PolicyCompletionSchema,
});
export type PolicyTrackingPage = z.infer<typeof PolicyTrackingPageSchema>;

/** Self-service: the policies a member must read. */
export const MyPolicySchema = z.object({
  uuid: UuidSchema,
  title: z.string(),
  category: z.string(),
  number: z.number().int(),
  versionUuid: UuidSchema,
  bodyKind: z.enum(['text', 'pdf']),
  status: z.enum(TRACKING_STATUSES),
  dueAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  publishedAt: z.string(),
});
export type MyPolicy = z.infer<typeof MyPolicySchema>;
export const MyPolicyListSchema = z.object({ data: z.array(MyPolicySchema) });
export const MyPolicyDetailSchema = MyPolicySchema.extend({
  bodyHtml: z.string().nullable(),
  pdfName: z.string().nullable(),
  contentSha256: z.string(),
});
export type MyPolicyDetail = z.infer<typeof MyPolicyDetailSchema>;

/** "I acknowledge": the version read and the hash of what the reader was shown. */
export const PolicyAcknowledgeSchema = z
  .object({ versionUuid: UuidSchema, contentSha256: z.string().regex(/^[0-9a-f]{64}$/, 'invalid') })
  .strict();
export type PolicyAcknowledge = z.infer<typeof PolicyAcknowledgeSchema>;
export const PolicyAcknowledgementSchema = z.object({
  uuid: UuidSchema,
  policyUuid: UuidSchema,
  versionUuid: UuidSchema,
  number: z.number().int(),
  contentSha256: z.string(),
  acknowledgedAt: z.string(),
});

/**
 * Evidence for an auditor: a date range (acknowledgements and audit entries within it). `to`
 * before `from` is refused, as the company's evidence export refuses it: an auditor would
 * otherwise receive an empty file that looks like evidence of nothing.
 */
export const PolicyEvidenceQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: 'invalid' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'invalid' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && Date.parse(v.to) < Date.parse(v.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateOrder' });
    }
  });
export const PolicyEvidenceManifestSchema = z.object({
  format: z.literal('wac-policy-evidence/1'),
  generatedAt: z.string(),
  range: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  policy: PolicySchema,
  versions: z.array(PolicyVersionSummarySchema.extend({ acknowledgements: z.number().int() })),
  files: z.array(z.object({ name: z.string(), path: z.string() })),
  auditTrail: z.array(AuditEntrySchema.extend({ seq: z.number().int(), prevHash: z.string(), hash: z.string() })),
});
export type PolicyEvidenceManifest = z.infer<typeof PolicyEvidenceManifestSchema>;
