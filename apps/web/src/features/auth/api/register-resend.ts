import { AUTH_PATHS } from '@wac/shared/schemas/auth';
import { api } from '../../../lib/api';

export const registerResend = (registrationId: string) =>
  api<{ ok: true; message?: string }>(AUTH_PATHS.registerResend, { method: 'POST', body: { registrationId } });
