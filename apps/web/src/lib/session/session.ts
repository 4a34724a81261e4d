import { PROFILES_PAGE_SIZE } from '@wac/shared/constants';
import { AUTH_PATHS, type SwitchCodeSchema, type TokenResponse } from '@wac/shared/schemas/auth';
import type { z } from 'zod';
import { api, setTokenRenewal } from '../api';
import { ApiError } from '../api-client';
import { browser } from '../browser';
import { appPath, companyUrl, currentHost } from '../host';
import { notify } from '../notify';
import { readUserData, writeUserData } from '../storage';
import { decideStart, mergeUserData, type Profile, takeSwitchCode } from './start';
import { getAccessToken, sessionStore, setAccessToken } from './store';

type SwitchCode = z.infer<typeof SwitchCodeSchema>;

// Renew a minute before the access token expires, so a long-open tab stays signed in.
const RENEW_MARGIN_S = 60;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

function holdToken(tokens: TokenResponse) {
  setAccessToken(tokens.accessToken);
  clearTimeout(renewTimer);
  const delay = Math.max(tokens.expiresIn - RENEW_MARGIN_S, 10) * 1000;
  renewTimer = setTimeout(() => void renewAccessToken(), delay);
}

/** Signed out: nothing in memory, nothing stored (step 2). */
export function clearSession(notice: string | null = null) {
  clearTimeout(renewTimer);
  writeUserData(null);
  sessionStore.reset({ status: 'signedOut', notice });
}

const fetchProfiles = (uuid: string) =>
  api<{ data: Profile[] }>(`/api/users/${uuid}/user_company_profiles`, {
    query: { itemsPerPage: PROFILES_PAGE_SIZE, 'groups[]': ['roles', 'company'] },
    silent: true,
  });

export const requestSwitchCode = (companyUuid: string) =>
  api<SwitchCode>(AUTH_PATHS.switchCode, { method: 'POST', body: { companyUuid } });

/** Steps 3–7 with a fresh token: merge user data, fetch profiles, check, pick, redirect or render. */
export async function establish(tokens: TokenResponse): Promise<void> {
  holdToken(tokens);
  const user = tokens.user;
  sessionStore.set({ status: 'loading', user, notice: null });
  const userData = mergeUserData(readUserData(), user);

  let profiles: Profile[];
  try {
    profiles = (await fetchProfiles(user.uuid)).data;
  } catch {
    notify.profilesFailed();
    sessionStore.set({ status: 'error' });
    return;
  }

  const host = currentHost();
  const path = appPath(window.location.pathname);
  const decision = decideStart({ user, profiles, hostSubDomain: host.subDomain, path });
  if (decision.kind === 'logout') {
    await logout({ silent: true });
    return;
  }
  writeUserData({ ...userData, userCompanies: profiles, currentCompany: decision.current });
  if (decision.kind === 'redirect') {
    sessionStore.set({ status: 'redirecting', profiles, current: decision.current });
    try {
      const target = await requestSwitchCode(decision.current.company.uuid);
      browser.assign(companyUrl(host, target.subDomain, path, target.code));
    } catch {
      sessionStore.set({ status: 'error' });
    }
    return;
  }
  sessionStore.set({ status: 'ready', profiles, current: decision.current, disabled: decision.disabled });
}

/** The whole session start (PRODUCT.md §3); the app shows only the spinner until it settles. */
export async function startSession(): Promise<void> {
  sessionStore.set({ status: 'loading' });
  const { code, cleanUrl } = takeSwitchCode(window.location.href);
  let tokens: TokenResponse;
  if (code !== null || cleanUrl !== window.location.href) {
    // Step 1: the code leaves the address bar before anything else happens, whatever its fate.
    browser.replaceUrl(cleanUrl);
  }
  try {
    tokens = code
      ? await api<TokenResponse>(AUTH_PATHS.switchRedeem, { method: 'POST', body: { code }, silent: true })
      : await refreshAcrossTabs();
  } catch (e) {
    clearSession(code && e instanceof ApiError ? e.message : null);
    return;
  }
  await establish(tokens);
}

const RENEWAL_LOCK = 'wac-token-renewal';

/**
 * `POST /api/jwt/refresh-token` while holding a lock shared by every tab of this origin. The
 * refresh token rotates on every use and a reused one ends the session (decision 002), and all
 * tabs send the same cookie: a tab waits here until the other has rotated it, and then sends the
 * new one. Without Web Locks (old browsers) it runs as before, single-flight per tab only.
 */
async function refreshAcrossTabs(): Promise<TokenResponse> {
  const refresh = () => api<TokenResponse>(AUTH_PATHS.refresh, { method: 'POST', silent: true });
  const locks = (navigator as { locks?: LockManager | null }).locks;
  return locks ? await locks.request(RENEWAL_LOCK, refresh) : refresh();
}

let renewing: Promise<string | null> | null = null;

/**
 * A new access token from the refresh cookie; null when the session is over. Single-flight in the
 * tab and serialized across tabs: two concurrent refreshes with one cookie would look like a reuse.
 */
export function renewAccessToken(): Promise<string | null> {
  renewing ??= refreshOnce().finally(() => {
    renewing = null;
  });
  return renewing;
}

async function refreshOnce(): Promise<string | null> {
  try {
    const tokens = await refreshAcrossTabs();
    holdToken(tokens);
    sessionStore.set({ user: tokens.user });
    return tokens.accessToken;
  } catch {
    return null;
  }
}
setTokenRenewal(renewAccessToken);

/** Ends the session on the server too, then clears everything (`/logout`, silent logout of step 5). */
export async function logout(options: { silent?: boolean } = {}): Promise<void> {
  if (getAccessToken()) {
    try {
      await api(AUTH_PATHS.logout, { method: 'POST', silent: true });
    } catch {
      // The server session may already be gone; the client still signs out.
    }
  }
  clearSession(options.silent ? null : sessionStore.get().notice);
}

/** Company switcher: a one-time code for the target company, then its sub-domain at the same path. */
export async function switchCompany(profile: Profile): Promise<void> {
  const target = await requestSwitchCode(profile.company.uuid);
  browser.assign(companyUrl(currentHost(), target.subDomain, appPath(window.location.pathname), target.code));
}

/**
 * Hook points for the real-time client (lib/realtime, written separately):
 * `user_profile_updated` → reloadUser(); membership/company changes → reloadProfiles();
 * `user_logged_out` → logout().
 */
export async function reloadUser(): Promise<void> {
  const token = await renewAccessToken();
  if (!token) {
    clearSession();
    return;
  }
  await reloadProfiles();
}

export async function reloadProfiles(): Promise<void> {
  const s = sessionStore.get();
  if (!s.user) return;
  try {
    const profiles = (await fetchProfiles(s.user.uuid)).data;
    const decision = decideStart({
      user: s.user,
      profiles,
      hostSubDomain: currentHost().subDomain,
      path: appPath(window.location.pathname),
    });
    if (decision.kind === 'logout') {
      await logout({ silent: true });
      return;
    }
    if (decision.kind === 'ready') {
      writeUserData({
        ...mergeUserData(readUserData(), s.user),
        userCompanies: profiles,
        currentCompany: decision.current,
      });
      sessionStore.set({ profiles, current: decision.current, disabled: decision.disabled });
    } else {
      // The current company is gone: start over, which moves to a usable one.
      await startSession();
    }
  } catch {
    notify.profilesFailed();
  }
}
