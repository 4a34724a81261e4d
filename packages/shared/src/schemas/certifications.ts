import { z } from 'zod';
import { lineText } from '../validation';
import { IsoDateSchema } from './attendance';
import { ListQuerySchema, pageOf, UuidSchema } from './common';

/**
 * Certifications (compliance): types a company tracks ("First aid"), with a validity period and the
 * audience that needs them, and records per member (issued on, expires on, optional evidence file).
 */

const name = lineText().trim().min(1, 'required').max(100, 'tooLong');
const description = lineText().trim().max(300, 'tooLong');
/** How long a certification is valid after it is issued. */
const validityMonths = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(240, 'invalid');
/** How many days before expiry the daily reminder starts. */
const remindDaysBefore = z.coerce.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(365, 'invalid');
const uuids = z.array(UuidSchema).max(200, 'tooLong');

/** The lists' window: a certification expiring within this many days (today included) is "expiring". */
export const EXPIRING_WITHIN_DAYS = 30;

export const CERTIFICATION_STATUSES = ['missing', 'expiring', 'expired', 'valid'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export const CertificationAudienceSchema = z
  .object({ all: z.boolean(), teamUuids: uuids.default([]), departmentUuids: uuids.default([]) })
  .strict();

export const CertificationCountsSchema = z.object({
  assigned: z.number().int(),
  valid: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
  missing: z.number().int(),
});
export type CertificationCounts = z.infer<typeof CertificationCountsSchema>;

export const CertificationTypeSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  description: z.string(),
  validityMonths: z.number().int(),
  remindDaysBefore: z.number().int(),
  audience: z.object({ all: z.boolean(), teamUuids: z.array(UuidSchema), departmentUuids: z.array(UuidSchema) }),
  createdAt: z.string(),
  version: z.number().int(),
});
export type CertificationType = z.infer<typeof CertificationTypeSchema>;
/** A type with where its audience stands today (in the company's time zone). */
export const CertificationTypeWithCountsSchema = CertificationTypeSchema.extend({
  counts: CertificationCountsSchema,
  /** The company's today (YYYY-MM-DD) the counts were computed for. */
  today: z.string(),
});
export type CertificationTypeWithCounts = z.infer<typeof CertificationTypeWithCountsSchema>;
export const CertificationTypePageSchema = pageOf(CertificationTypeWithCountsSchema);
export const CertificationTypeParamsSchema = z.object({ uuid: UuidSchema });
export const CertificationRecordParamsSchema = z.object({ uuid: UuidSchema });

export const CertificationTypeListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt']).default('name'),
});
export type CertificationTypeListQuery = z.infer<typeof CertificationTypeListQuerySchema>;

export const CertificationTypeCreateSchema = z
  .object({
    name,
    description: description.default(''),
    validityMonths: validityMonths.default(12),
    remindDaysBefore: remindDaysBefore.default(EXPIRING_WITHIN_DAYS),
    audience: CertificationAudienceSchema.default({ all: true, teamUuids: [], departmentUuids: [] }),
  })
  .strict();
export type CertificationTypeCreate = z.input<typeof CertificationTypeCreateSchema>;
export const CertificationTypeUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    name: name.optional(),
    description: description.optional(),
    validityMonths: validityMonths.optional(),
    remindDaysBefore: remindDaysBefore.optional(),
    audience: CertificationAudienceSchema.optional(),
  })
  .strict();
export type CertificationTypeUpdate = z.infer<typeof CertificationTypeUpdateSchema>;

const PersonRefSchema = z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string(), email: z.string() });

/** The record that counts for a person: the one that expires last. */
export const CertificationRecordSchema = z.object({
  uuid: UuidSchema,
  typeUuid: UuidSchema,
  issuedOn: z.string(),
  expiresOn: z.string(),
  evidence: z.object({ name: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type CertificationRecord = z.infer<typeof CertificationRecordSchema>;

/** Who needs a type of certification and where each stands (missing, expiring, expired, valid). */
export const CertificationHoldersQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'expiresOn']).default('name'),
  status: z.enum(CERTIFICATION_STATUSES).optional(),
  teamUuid: UuidSchema.optional(),
  departmentUuid: UuidSchema.optional(),
});
export type CertificationHoldersQuery = z.infer<typeof CertificationHoldersQuerySchema>;
export const CertificationHolderSchema = z.object({
  person: PersonRefSchema,
  status: z.enum(CERTIFICATION_STATUSES),
  record: CertificationRecordSchema.nullable(),
});
export type CertificationHolder = z.infer<typeof CertificationHolderSchema>;
export const CertificationHoldersPageSchema = pageOf(CertificationHolderSchema);
export type CertificationHoldersPage = z.infer<typeof CertificationHoldersPageSchema>;

/**
 * Recording a certification (multipart form fields beside the optional `file`): expires on defaults
 * to issued on + the type's validity, and may not be before issued on.
 */
export const CertificationRecordCreateSchema = z
  .object({
    userUuid: UuidSchema,
    issuedOn: IsoDateSchema,
    expiresOn: IsoDateSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.expiresOn && v.expiresOn < v.issuedOn) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'expiresBeforeIssued' });
    }
  });
export type CertificationRecordCreate = z.input<typeof CertificationRecordCreateSchema>;

/**
 * A member's own upload (multipart fields beside the required `file`): it counts only once an admin
 * approves it (decision 019). Expires on defaults to issued on + the type's validity.
 */
export const CertificationSubmitSchema = z
  .object({ issuedOn: IsoDateSchema, expiresOn: IsoDateSchema.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.expiresOn && v.expiresOn < v.issuedOn) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'expiresBeforeIssued' });
    }
  });
export type CertificationSubmit = z.input<typeof CertificationSubmitSchema>;

export const SUBMISSION_STATUSES = ['pending', 'rejected'] as const;
/** A member's latest upload that does not count (yet): waiting for an admin, or rejected with a reason. */
export const CertificationSubmissionSchema = CertificationRecordSchema.extend({
  status: z.enum(SUBMISSION_STATUSES),
  reason: z.string().nullable(),
});
export type CertificationSubmission = z.infer<typeof CertificationSubmissionSchema>;

/** What the admins review: the submissions waiting for approval, oldest first, paged. */
export const PendingSubmissionSchema = z.object({
  record: CertificationRecordSchema,
  type: z.object({ uuid: UuidSchema, name: z.string() }),
  person: PersonRefSchema,
});
export type PendingSubmission = z.infer<typeof PendingSubmissionSchema>;
export const PendingSubmissionPageSchema = pageOf(PendingSubmissionSchema);
export type PendingSubmissionPage = z.infer<typeof PendingSubmissionPageSchema>;
export const PendingSubmissionQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['submittedAt']).default('submittedAt'),
});
export type PendingSubmissionQuery = z.infer<typeof PendingSubmissionQuerySchema>;

/** Rejecting a submission says why (the member reads it). */
export const CertificationRejectSchema = z
  .object({ reason: lineText().trim().min(1, 'required').max(300, 'tooLong') })
  .strict();
export type CertificationReject = z.infer<typeof CertificationRejectSchema>;

/** Self-service: the certifications a member needs, with where each stands. */
export const MyCertificationSchema = z.object({
  type: z.object({ uuid: UuidSchema, name: z.string(), description: z.string(), validityMonths: z.number().int() }),
  status: z.enum(CERTIFICATION_STATUSES),
  record: CertificationRecordSchema.nullable(),
  /** My latest upload newer than the record that counts, when it is pending or was rejected. */
  submission: CertificationSubmissionSchema.nullable(),
});
export type MyCertification = z.infer<typeof MyCertificationSchema>;
export const MyCertificationListSchema = z.object({ data: z.array(MyCertificationSchema), today: z.string() });
export type MyCertificationList = z.infer<typeof MyCertificationListSchema>;

/** Adds whole months to a YYYY-MM-DD date, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
}
