import { AUTH_PATHS, type SwitchTarget } from '@wac/shared/schemas/auth';
import { api } from '../../../lib/api';

export interface RegisterVerify {
  registrationId: string;
  otp: string;
}

/** Step 2 of sign-up: the mailed code creates the company and answers where to go signed in. */
export const registerVerify = (body: RegisterVerify) =>
  api<SwitchTarget>(AUTH_PATHS.registerVerify, { method: 'POST', body });
