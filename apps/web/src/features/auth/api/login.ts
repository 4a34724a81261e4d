import { AUTH_PATHS, type Login, type TokenResponse } from '@wac/shared/schemas/auth';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { establish } from '../../../lib/session/session';

// Sign-in actions are plain calls, not TanStack mutations: the login screen stays within its
// download budget (docs/decisions/ — console bundle).
export const login = (body: Login) => api<TokenResponse>(AUTH_PATHS.login, { method: 'POST', body });

/** Signs in, then runs the session start from step 3 (profiles, company, redirect). */
export const useLogin = () =>
  useCallback(async (body: Login) => {
    await establish(await login(body));
  }, []);
