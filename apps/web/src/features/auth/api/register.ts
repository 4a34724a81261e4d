import { AUTH_PATHS, type Register, type RegisterStartedSchema } from '@wac/shared/schemas/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type RegisterStarted = z.infer<typeof RegisterStartedSchema>;

/** Step 1 of sign-up: the details; the server mails a 6-digit code. */
export const register = (body: Register) => api<RegisterStarted>(AUTH_PATHS.register, { method: 'POST', body });
