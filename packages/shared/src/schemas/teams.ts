import { z } from 'zod';
import { lineText, multilineText } from '../validation';
import { ListQuerySchema, UuidSchema, pageOf } from './common';

const teamName = lineText().trim().min(1, 'required').max(100, 'tooLong');
const teamDescription = multilineText().trim().max(1000, 'tooLong').nullable();

export const TeamListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt', 'members']).default('name'),
});
export const TeamExportQuerySchema = TeamListQuerySchema.omit({ page: true, itemsPerPage: true });
export type TeamExportQuery = z.infer<typeof TeamExportQuerySchema>;
export const TeamSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  lead: z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string() }).nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Team = z.infer<typeof TeamSchema>;
export const TeamPageSchema = pageOf(TeamSchema);
export const TeamParamsSchema = z.object({ uuid: UuidSchema });
export const TeamMemberParamsSchema = z.object({ uuid: UuidSchema, userUuid: UuidSchema });

export const TeamCreateSchema = z
  .object({
    name: teamName,
    description: teamDescription.optional(),
    leadUuid: UuidSchema.nullable().optional(),
    memberUuids: z.array(UuidSchema).max(500).optional(),
  })
  .strict();
export const TeamUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    name: teamName.optional(),
    description: teamDescription.optional(),
    leadUuid: UuidSchema.nullable().optional(),
  })
  .strict();
export const TeamMembersAddSchema = z.object({ uuids: z.array(UuidSchema).min(1, 'required').max(500) }).strict();
export const TeamMemberSchema = z.object({
  uuid: UuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isLead: z.boolean(),
  addedAt: z.string(),
});
export const TeamMemberPageSchema = pageOf(TeamMemberSchema);
export const TeamMemberQuerySchema = ListQuerySchema.omit({ sort: true, order: true });
