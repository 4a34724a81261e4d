import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { nameField, phoneField } from '../validation';

export const ProfileSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  language: z.string().nullable(),
  version: z.number().int(),
});
export const ProfileUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    firstName: nameField.optional(),
    lastName: nameField.optional(),
    phone: phoneField.nullable().optional(),
    language: z.enum(LANGUAGES, { message: 'invalid' }).nullable().optional(),
  })
  .strict();
