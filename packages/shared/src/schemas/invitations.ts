import { z } from 'zod';
import { emailField, nameField, passwordField, requiredType } from '../validation';
import { ListQuerySchema, UuidSchema, pageOf } from './common';
import { MembershipRoleSchema } from './members';

export const InvitationCreateSchema = z
  .object({
    email: emailField,
    roles: z
      .array(MembershipRoleSchema)
      .min(1, 'required')
      .max(2)
      .default(['member'])
      .transform((r) => [...new Set(r)]),
    firstName: nameField.optional(),
    lastName: nameField.optional(),
  })
  .strict();
export type InvitationCreate = z.infer<typeof InvitationCreateSchema>;

export const InvitationSchema = z.object({
  uuid: UuidSchema,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const InvitationPageSchema = pageOf(InvitationSchema);
export const InvitationListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['createdAt', 'email']).default('createdAt'),
});
export const InvitationParamsSchema = z.object({ uuid: UuidSchema });
export const InvitationTokenParamsSchema = z.object({ token: z.string().min(20).max(128) });

/** What the public accept page shows before the person acts. */
export const InvitationPublicSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.object({ uuid: UuidSchema, name: z.string(), subDomain: z.string(), logo: z.string().nullable() }),
  /** Who sent it (name only); null when that person was deleted or the invitation has no sender. */
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  existingUser: z.boolean(),
  expiresAt: z.string(),
});

export const InvitationAcceptNewSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    password: passwordField,
    confirmPassword: z.string(requiredType),
  })
  .strict()
  .refine((b) => b.password === b.confirmPassword, { message: 'passwordMismatch', path: ['confirmPassword'] });

export const InvitationAcceptedSchema = z.object({
  company: z.object({ uuid: UuidSchema, name: z.string(), subDomain: z.string() }),
  userUuid: UuidSchema,
});
