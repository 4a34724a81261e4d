import { z } from 'zod';
import { lineText, multilineText, requiredType } from '../validation';
import { IsoDateSchema } from './attendance';
import { ListQuerySchema, pageOf, UuidSchema } from './common';
import { TIME_OFF_UNITS } from './time-off-types';

/** Balances, the ledger they are the sum of, requests and approvals (PRODUCT.md §6, People/HR). */

export const LEDGER_KINDS = ['grant', 'accrual', 'taken', 'adjustment', 'carry_over', 'expiry'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const REQUEST_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

const PersonRefSchema = z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string() });
const TypeRefSchema = z.object({ uuid: UuidSchema, name: z.string(), color: z.string(), unit: z.enum(TIME_OFF_UNITS) });

export const TimeOffUserQuerySchema = z.object({
  /** Whose: yourself when left out; another person needs an admin or their manager. */
  userUuid: UuidSchema.optional(),
});

export const BalanceSchema = z.object({
  type: TypeRefSchema.extend({ paid: z.boolean(), allowNegative: z.boolean(), needsApproval: z.boolean() }),
  /** The sum of the ledger. */
  balance: z.number(),
  /** Requested and waiting for approval. */
  pending: z.number(),
  /** What a new request may still take: balance minus pending. */
  available: z.number(),
});
export const BalancesSchema = z.object({ userUuid: UuidSchema, data: z.array(BalanceSchema) });

export const LedgerEntrySchema = z.object({
  uuid: UuidSchema,
  type: TypeRefSchema,
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  effectiveDate: z.string(),
  reason: z.string().nullable(),
  requestUuid: UuidSchema.nullable(),
  createdBy: PersonRefSchema.nullable(),
  createdAt: z.string(),
});
export const LedgerPageSchema = pageOf(LedgerEntrySchema);
export const LedgerQuerySchema = ListQuerySchema.pick({ page: true, itemsPerPage: true }).extend({
  userUuid: UuidSchema.optional(),
  typeUuid: UuidSchema.optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuerySchema>;

/** An admin's entry: a grant, or an adjustment (either sign), always with a reason. */
export const AdjustmentCreateSchema = z
  .object({
    userUuid: UuidSchema,
    typeUuid: UuidSchema,
    kind: z.enum(['grant', 'adjustment'], { message: 'invalid' }),
    amount: z
      .number(requiredType)
      .min(-3660, 'invalid')
      .max(3660, 'invalid')
      .refine((n) => n !== 0 && Math.round(n * 100) === n * 100, 'invalid'),
    effectiveDate: IsoDateSchema.optional(),
    reason: lineText().trim().min(1, 'required').max(500, 'tooLong'),
  })
  .strict();
export type AdjustmentCreate = z.infer<typeof AdjustmentCreateSchema>;

const requestFields = {
  typeUuid: UuidSchema,
  startDate: IsoDateSchema,
  endDate: IsoDateSchema,
  /** The first day is taken from mid-day on (its afternoon only). */
  startHalf: z.boolean().default(false),
  /** The last day ends at mid-day (its morning only). */
  endHalf: z.boolean().default(false),
};
/**
 * A request spans at most a year, as the working-days count it is made of (`WorkingDaysQuerySchema`):
 * every day of an approved request is a row of the day board and the Stats aggregates, so one request
 * over decades wrote some 27,000 rows and held the embedded database for seconds.
 */
const MAX_SPAN_MS = 366 * 86_400_000;
const checkDates = <T extends { startDate: string; endDate: string; startHalf: boolean; endHalf: boolean }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' });
  else if (Date.parse(v.endDate) - Date.parse(v.startDate) > MAX_SPAN_MS) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'dateRange' });
  } else if (v.startDate === v.endDate && v.startHalf && v.endHalf) {
    ctx.addIssue({ code: 'custom', path: ['endHalf'], message: 'halfDays' });
  }
};

export const TimeOffPreviewSchema = z.object(requestFields).strict().superRefine(checkDates);
export type TimeOffPreviewInput = z.input<typeof TimeOffPreviewSchema>;
export const TimeOffRequestCreateSchema = z
  .object({ ...requestFields, note: multilineText().trim().max(1000, 'tooLong').optional() })
  .strict()
  .superRefine(checkDates);
export type TimeOffRequestCreate = z.infer<typeof TimeOffRequestCreateSchema>;

export const TimeOffPreviewResultSchema = z.object({
  unit: z.enum(TIME_OFF_UNITS),
  /** Days or hours the request takes from the balance. */
  amount: z.number(),
  /** The working days in the range (holidays and days off left out), with the share taken of each. */
  days: z.array(z.object({ date: z.string(), amount: z.number() })),
  available: z.number(),
});

export const TimeOffRequestSchema = z.object({
  uuid: UuidSchema,
  person: PersonRefSchema,
  type: TypeRefSchema,
  startDate: z.string(),
  endDate: z.string(),
  startHalf: z.boolean(),
  endHalf: z.boolean(),
  amount: z.number(),
  note: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  decidedBy: PersonRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** What the caller may do with it now. */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
});
export type TimeOffRequest = z.infer<typeof TimeOffRequestSchema>;
export const TimeOffRequestPageSchema = pageOf(TimeOffRequestSchema);
export const TimeOffRequestListQuerySchema = ListQuerySchema.pick({ page: true, itemsPerPage: true }).extend({
  userUuid: UuidSchema.optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
});
export type TimeOffRequestListQuery = z.infer<typeof TimeOffRequestListQuerySchema>;
export const ApprovalsQuerySchema = ListQuerySchema.pick({ page: true, itemsPerPage: true });
export const ApprovalCountSchema = z.object({
  /** Requests waiting for the caller, counted up to 1,000 (the menu shows 999+ beyond). */
  pending: z.number().int(),
  /** An admin or someone with reports: the approvals and the team calendar are theirs to see. */
  isApprover: z.boolean(),
});
export const TimeOffRequestParamsSchema = z.object({ uuid: UuidSchema });
export const TimeOffDecisionSchema = z
  .object({ comment: multilineText().trim().max(1000, 'tooLong').optional() })
  .strict();

export const TeamCalendarQuerySchema = ListQuerySchema.pick({ page: true, itemsPerPage: true }).extend({
  /** `YYYY-MM`; without it, the company's current month in its zone. */
  month: z
    .string()
    .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'date')
    .optional(),
  teamUuid: UuidSchema.optional(),
  departmentUuid: UuidSchema.optional(),
});
export type TeamCalendarQuery = z.infer<typeof TeamCalendarQuerySchema>;
export const TeamCalendarSchema = z.object({
  month: z.string(),
  /** The company's today (its zone), marked on the calendar. */
  today: z.string(),
  /** The company's public holidays in the month. */
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  data: z.array(
    z.object({
      person: PersonRefSchema,
      /** The month's days the person's work schedule has no hours (weekends, a part-time day off) or a holiday. */
      offDays: z.array(z.string()),
      absences: z.array(
        z.object({
          requestUuid: UuidSchema,
          startDate: z.string(),
          endDate: z.string(),
          startHalf: z.boolean(),
          endHalf: z.boolean(),
          status: z.enum(REQUEST_STATUSES),
          type: TypeRefSchema,
        }),
      ),
    }),
  ),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  totalItems: z.number().int(),
});
