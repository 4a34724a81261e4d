import { z } from 'zod';
import { requiredType } from '../validation';
import { ListQuerySchema, pageOf, UuidSchema } from './common';

const name = z.string(requiredType).trim().min(1, 'required').max(100, 'tooLong');
const description = z.string().trim().max(1000, 'tooLong').nullable();
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'invalid');

export const DepartmentListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt', 'members']).default('name'),
});
export type DepartmentListQuery = z.infer<typeof DepartmentListQuerySchema>;

const PersonRefSchema = z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string() });

export const DepartmentSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  parentUuid: UuidSchema.nullable(),
  color: z.string(),
  head: PersonRefSchema.nullable(),
  /** People whose employment has not ended, in this department itself (not its sub-departments). */
  memberCount: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Department = z.infer<typeof DepartmentSchema>;
export const DepartmentPageSchema = pageOf(DepartmentSchema);
/** Every department of the company at once: a company has few, and the tree needs them all. */
export const DepartmentTreeSchema = z.object({ data: z.array(DepartmentSchema) });
export const DepartmentParamsSchema = z.object({ uuid: UuidSchema });

export const DepartmentCreateSchema = z
  .object({
    name,
    description: description.optional(),
    parentUuid: UuidSchema.nullable().optional(),
    headUuid: UuidSchema.nullable().optional(),
    color: color.optional(),
  })
  .strict();
export type DepartmentCreate = z.infer<typeof DepartmentCreateSchema>;
export const DepartmentUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    name: name.optional(),
    description: description.optional(),
    parentUuid: UuidSchema.nullable().optional(),
    headUuid: UuidSchema.nullable().optional(),
    color: color.optional(),
  })
  .strict();
export type DepartmentUpdate = z.infer<typeof DepartmentUpdateSchema>;
/** Moves people into this department (out of whichever they were in). */
export const DepartmentMoveSchema = z.object({ uuids: z.array(UuidSchema).min(1, 'required').max(500) }).strict();
export const DepartmentMoveResultSchema = z.object({ moved: z.number().int() });
