import { PROFILES_PAGE_SIZE, SESSION_HINT_COOKIE } from '@wac/shared/constants';
import { AUTH_PATHS, type SwitchCodeSchema, type TokenResponse } from '@wac/shared/schemas/auth';
import type { z } from 'zod';
import { api, setTokenRenewal } from '../api';
import { ApiError } from '../api-client';
import { browser } from '../browser';
import { LANGUAGES, type Language, SKINS, type Skin } from '@wac/shared/constants';
import { appPath, baseSignInUrl, companyUrl as hostCompanyUrl, currentHost, type PageHost } from '../host';
import { currentLanguage, setLanguage } from '../i18n';
import { setSkin } from '../preferences';
import { notify } from '../notify';
import { chosenLanguage, chosenSkin, readUserData, writeUserData } from '../storage';
import { decideStart, mergeUserData, type Profile, readEntry, staysSignedOut, takeSwitchCode } from './start';
import { getAccessToken, sessionStore, setAccessToken } from './store';

type SwitchCode = z.infer<typeof SwitchCodeSchema>;

/**
 * A company URL with a one-time code, carrying the language and skin chosen on this page: each
 * sub-domain keeps its own storage, and a person who chose Arabic on the sign-in page expects Arabic
 * on arrival. Only a choice travels: the sign-in page's default (nothing chosen there) must not
 * replace the Arabic the person chose on the company's own address.
 */
function companyUrl(host: PageHost, subDomain: string, path: string, code: string): string {
  const url = new URL(hostCompanyUrl(host, subDomain, path, code));
  if (chosenLanguage()) url.searchParams.set('_lang', currentLanguage());
  if (chosenSkin()) url.searchParams.set('_skin', document.documentElement.getAttribute('data-skin') ?? 'light');
  return url.toString();
}

/** The language and skin a switch carried (see companyUrl), applied and kept on this sub-domain. */
async function applyCarriedPreferences(href: string) {
  const url = new URL(href);
  const lang = url.searchParams.get('_lang');
  const skin = url.searchParams.get('_skin');
  if (lang && (LANGUAGES as readonly string[]).includes(lang) && lang !== currentLanguage()) {
    // Kept on this sub-domain at once (setLanguage stores a choice before loading it).
    await setLanguage(lang as Language);
  }
  if (skin && (SKINS as readonly string[]).includes(skin)) setSkin(skin as Skin);
}

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

export const requestSwitchCode = (companyUuid: string, silent = false) =>
  api<SwitchCode>(AUTH_PATHS.switchCode, { method: 'POST', body: { companyUuid }, silent });

/**
 * The company a super admin opened without being a member, as a profile with no roles of its own
 * (his global roles decide what he may do there).
 */
function visitedProfile(tokens: Pick<TokenResponse, 'visiting'>): Profile | null {
  const v = tokens.visiting;
  return v
    ? { uuid: `visiting-${v.company.uuid}`, enabled: true, roles: [], company: { ...v.company, enabled: true } }
    : null;
}

let visit: Profile | null = null;

/** Steps 3–7 with a fresh token: merge user data, fetch profiles, check, pick, redirect or render. */
export async function establish(tokens: TokenResponse): Promise<void> {
  holdToken(tokens);
  const user = tokens.user;
  visit = visitedProfile(tokens);
  sessionStore.set({
    status: 'loading',
    user,
    notice: null,
    visiting: tokens.visiting ? { write: tokens.visiting.write } : null,
  });
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
  // On the base domain, the sign-in may have been asked to continue into a company at a path.
  const entry = host.subDomain === null ? readEntry(window.location.href) : { wanted: null, next: null };
  const decision = decideStart({ user, profiles, visit, hostSubDomain: host.subDomain, wanted: entry.wanted, path });
  if (decision.kind === 'logout') {
    await logout({ silent: true });
    return;
  }
  writeUserData({ ...userData, userCompanies: profiles, currentCompany: decision.current });
  if (decision.kind === 'redirect') {
    sessionStore.set({ status: 'redirecting', profiles, current: decision.current });
    try {
      const target = await requestSwitchCode(decision.current.company.uuid);
      const landing = entry.next ?? (path === '/login' ? '/' : path);
      browser.assign(companyUrl(host, target.subDomain, landing, target.code));
    } catch {
      sessionStore.set({ status: 'error' });
    }
    return;
  }
  // A language kept in the person's profile speaks on an address where none was chosen in this
  // browser (a company's address seen for the first time, its disabled notice included).
  const kept = user.language as Language | null;
  if (chosenLanguage() === null && kept && LANGUAGES.includes(kept) && kept !== currentLanguage())
    await setLanguage(kept);
  sessionStore.set({ status: 'ready', profiles, current: decision.current, disabled: decision.disabled });
}

let switchArrival: string | null = null;

/** A redeemed switch code opened this page at `path` (the session start says so). */
export function noteSwitchArrival(path: string) {
  switchArrival = path;
}

/**
 * Whether this page was reached by a company switch (a redeemed code) at `path`. The switch keeps
 * the path, and a screen the target company does not allow then lands on the dashboard with a word
 * of why, not on "You are not authorized!". Reading it changes nothing (a render may be thrown away
 * and run again, e.g. when a lazy part of the page suspends); `endSwitchArrival` ends it once a
 * screen has been shown.
 */
export function isSwitchArrival(path: string): boolean {
  return switchArrival === path;
}

export function endSwitchArrival() {
  switchArrival = null;
}

/** The whole session start (switch code, refresh, profiles, company); the app shows only the spinner until it settles. */
export async function startSession(): Promise<void> {
  sessionStore.set({ status: 'loading' });
  const href = window.location.href;
  const { code, cleanUrl } = takeSwitchCode(href);
  let tokens: TokenResponse;
  if (code !== null || cleanUrl !== href) {
    // Step 1: the code leaves the address bar before anything else happens, whatever its fate.
    browser.replaceUrl(cleanUrl);
  }
  if (code) await applyCarriedPreferences(href);
  try {
    tokens = code
      ? await api<TokenResponse>(AUTH_PATHS.switchRedeem, { method: 'POST', body: { code }, silent: true })
      : hasSessionHint()
        ? await refreshAcrossTabs()
        : noSession();
  } catch (e) {
    sessionStore.set({ retrying: false });
    // A company page without a session asks the browser's one sign-in on the base domain, which
    // comes back with a code (or shows the sign-in form, then comes back). A refused code, an
    // outage, or a page that keeps to itself stays here.
    const host = currentHost();
    const path = appPath(window.location.pathname);
    const signedOut = e instanceof ApiError && (e.status === 401 || e.status === 403);
    if (!code && signedOut && host.subDomain !== null && !staysSignedOut(path)) {
      sessionStore.set({ status: 'redirecting' });
      // The query goes along: a shared link to a filtered listing opens filtered after the bounce.
      browser.assign(baseSignInUrl(host, { subDomain: host.subDomain, path: `${path}${window.location.search}` }));
      return;
    }
    // A refused code, or an answer lost on the way (the server may have rotated the token), is said on the sign-in form.
    clearSession(e instanceof ApiError && (code || e.status === 503) ? e.message : null);
    return;
  }
  sessionStore.set({ retrying: false });
  if (code) noteSwitchArrival(appPath(window.location.pathname));
  await establish(tokens);
}

/** Whether this host's cookies say it has a session (SESSION_HINT_COOKIE, set and cleared with the refresh cookie). */
function hasSessionHint() {
  return document.cookie.split(';').some((c) => c.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Signed out, known without asking: the refresh the server would refuse (a 401 in the console) is not sent. */
function noSession(): never {
  throw new ApiError(401, 'NO_SESSION', '');
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
  for (let attempt = 0; ; attempt++) {
    try {
      return locks ? await locks.request(RENEWAL_LOCK, refresh) : await refresh();
    } catch (e) {
      // A 503 is a database or Redis moment on the server: nothing was rotated (the transaction rolled
      // back), so the same cookie is asked again a little later instead of showing the sign-in form
      // to someone who is signed in. A lost answer (network) is not retried: the server may have
      // rotated the token, and sending the old one again would end the session as a reuse.
      // While the console starts (a reload during an outage), it waits as long as the outage lasts,
      // the spinner saying why, and opens signed in when the server is back: the sign-in form would
      // ask a signed-in person for a password they need not give. Later renewals give up after the
      // list, and the screen in front tells the outage.
      const starting = sessionStore.get().status === 'loading';
      const wait = OUTAGE_RETRY_MS[attempt] ?? (starting ? OUTAGE_RETRY_MS.at(-1) : undefined);
      if (!(e instanceof ApiError && e.status === 503) || wait === undefined) throw e;
      if (starting) sessionStore.set({ retrying: true });
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * The waits between refreshes answered 503: about 15 s in all, then the outage is told (while the
 * console starts, the last wait repeats). No wait is longer than 2 s, so a console started during
 * an outage opens within 2 s of the service's return (a doubling to 8 s had it wait up to 7.8 s).
 */
export const OUTAGE_RETRY_MS = [500, 1000, 2000, 2000, 2000, 2000, 2000, 2000, 2000];

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

/**
 * Company switcher: a one-time code for the target company, then its sub-domain at the same path.
 * `silent`: the caller says a refusal itself (no toast from the api client).
 */
export async function switchCompany(profile: Profile, { silent = false } = {}): Promise<void> {
  const target = await requestSwitchCode(profile.company.uuid, silent);
  browser.assign(companyUrl(currentHost(), target.subDomain, appPath(window.location.pathname), target.code));
}

/**
 * A super admin opens a company's console (member or not): its sub-domain's dashboard with a
 * one-time code; read-only there unless he holds `super_admin_write` (the server audits each opening).
 */
export async function openCompanyConsole(companyUuid: string): Promise<void> {
  const target = await requestSwitchCode(companyUuid);
  browser.assign(companyUrl(currentHost(), target.subDomain, '/', target.code));
}

/**
 * Hook points for the real-time client (lib/realtime, written separately):
 * `user_profile_updated` → reloadUser(); membership/company changes → reloadProfiles();
 * `user_logged_out` → logout().
 */
export async function reloadUser(): Promise<void> {
  // A renewal already on its way began before the change that asks for this one: its token may carry
  // the roles from before it. Wait for it, then renew again (joined by every caller waiting so).
  const pending = renewing;
  const token = await (pending ? pending.then(renewAccessToken) : renewAccessToken());
  if (!token) {
    clearSession();
    return;
  }
  await reloadProfiles();
}

/** Bumped by every reloadProfiles(): only the newest read's answer is kept. */
let profilesRead = 0;

export async function reloadProfiles(): Promise<void> {
  const s = sessionStore.get();
  if (!s.user) return;
  const read = ++profilesRead;
  try {
    const profiles = (await fetchProfiles(s.user.uuid)).data;
    // Two changes in a row: an answer to the first read that comes back last must not win.
    if (read !== profilesRead) return;
    const decision = decideStart({
      user: s.user,
      profiles,
      visit,
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
    if (read === profilesRead) notify.profilesFailed();
  }
}
