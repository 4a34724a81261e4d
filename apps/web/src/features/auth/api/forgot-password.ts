import { AUTH_PATHS } from '@wac/shared/schemas/auth';
import { api } from '../../../lib/api';

export const forgotPassword = (body: { email: string }) =>
  api<{ ok: true; message?: string }>(AUTH_PATHS.forgotPassword, { method: 'POST', body });
