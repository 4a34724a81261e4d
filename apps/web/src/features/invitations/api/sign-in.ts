import { AUTH_PATHS, type Login, type TokenResponse } from '@wac/shared/schemas/auth';
import { api } from '../../../lib/api';
import { establish } from '../../../lib/session/session';

/** An existing person signs in on the invitation page itself (it is exempt from the company redirect). */
export const signIn = async (body: Login) => {
  await establish(await api<TokenResponse>(AUTH_PATHS.login, { method: 'POST', body, silent: true }));
};
