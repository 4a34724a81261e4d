import { z } from 'zod';
import { lineText, requiredType } from '../validation';
import { ListQuerySchema, pageOf, UuidSchema } from './common';

/** Time-off types of a company: what can be taken, how much a year, how it accrues and carries over. */
const name = lineText().trim().min(1, 'required').max(100, 'tooLong');
const color = z.string(requiredType).regex(/^#[0-9a-fA-F]{6}$/, 'invalid');
/** An amount of days or hours: at most two decimals (a half day, a quarter hour), never absurd. */
const amount = z
  .number(requiredType)
  .min(0, 'invalid')
  .max(3660, 'invalid')
  .refine((n) => Math.round(n * 100) === n * 100, 'invalid');

export const TIME_OFF_UNITS = ['days', 'hours'] as const;
export type TimeOffUnit = (typeof TIME_OFF_UNITS)[number];
/** All of the yearly allowance on 1 January, or a twelfth on the first of each month. */
export const TIME_OFF_ACCRUALS = ['yearly', 'monthly'] as const;
export type TimeOffAccrual = (typeof TIME_OFF_ACCRUALS)[number];

export const TimeOffTypeListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt']).default('name'),
});
export type TimeOffTypeListQuery = z.infer<typeof TimeOffTypeListQuerySchema>;

export const TimeOffTypeSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  color: z.string(),
  paid: z.boolean(),
  unit: z.enum(TIME_OFF_UNITS),
  yearlyAllowance: z.number(),
  accrual: z.enum(TIME_OFF_ACCRUALS),
  /** Most that moves into the next year; null: everything carries over. */
  carryOverCap: z.number().nullable(),
  needsApproval: z.boolean(),
  allowNegative: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type TimeOffType = z.infer<typeof TimeOffTypeSchema>;
export const TimeOffTypePageSchema = pageOf(TimeOffTypeSchema);
export const TimeOffTypeParamsSchema = z.object({ uuid: UuidSchema });

const fields = {
  name,
  color,
  paid: z.boolean(),
  unit: z.enum(TIME_OFF_UNITS, { message: 'invalid' }),
  yearlyAllowance: amount,
  accrual: z.enum(TIME_OFF_ACCRUALS, { message: 'invalid' }),
  carryOverCap: amount.nullable(),
  needsApproval: z.boolean(),
  allowNegative: z.boolean(),
};

export const TimeOffTypeCreateSchema = z
  .object({
    name,
    color: color.default('#1c7ed6'),
    paid: fields.paid.default(true),
    unit: fields.unit.default('days'),
    yearlyAllowance: amount.default(0),
    accrual: fields.accrual.default('yearly'),
    carryOverCap: fields.carryOverCap.default(0),
    needsApproval: fields.needsApproval.default(true),
    allowNegative: fields.allowNegative.default(false),
  })
  .strict();
export type TimeOffTypeCreate = z.input<typeof TimeOffTypeCreateSchema>;
export const TimeOffTypeUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    name: name.optional(),
    color: color.optional(),
    paid: fields.paid.optional(),
    unit: fields.unit.optional(),
    yearlyAllowance: amount.optional(),
    accrual: fields.accrual.optional(),
    carryOverCap: fields.carryOverCap.optional(),
    needsApproval: fields.needsApproval.optional(),
    allowNegative: fields.allowNegative.optional(),
  })
  .strict();
export type TimeOffTypeUpdate = z.infer<typeof TimeOffTypeUpdateSchema>;
