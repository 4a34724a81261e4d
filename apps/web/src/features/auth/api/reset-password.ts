import { AUTH_PATHS } from '@wac/shared/schemas/auth';
import { api } from '../../../lib/api';

export interface ResetPassword {
  email: string;
  otp: string;
  password: string;
  confirmPassword: string;
}

export const resetPassword = (body: ResetPassword) =>
  api<{ ok: true; message?: string }>(AUTH_PATHS.resetPassword, { method: 'POST', body });
