import { z } from 'zod';
import { lineText } from '../validation';
import { PROFILES_PAGE_SIZE } from '../constants';
import { UuidSchema, pageOf } from './common';

/** A "company profile" (the API's name for it): a membership seen from the user's side. */
export const CompanyProfileSchema = z.object({
  uuid: UuidSchema,
  enabled: z.boolean(),
  roles: z.array(z.object({ name: z.string() })),
  company: z.object({
    uuid: UuidSchema,
    name: z.string(),
    logo: z.string().nullable(),
    subDomain: z.string(),
    enabled: z.boolean(),
  }),
  schedulingEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  videoCallEnabled: z.boolean(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;
export const CompanyProfilePageSchema = pageOf(CompanyProfileSchema);

export const ProfilesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(PROFILES_PAGE_SIZE).default(PROFILES_PAGE_SIZE),
  'groups[]': z.union([lineText().max(50), z.array(lineText().max(50)).max(10)]).optional(),
});

export const UserSchema = z.object({
  uuid: UuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  language: z.string().nullable(),
  roles: z.array(z.string()),
  version: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;
export const UserParamsSchema = z.object({ uuid: UuidSchema });
