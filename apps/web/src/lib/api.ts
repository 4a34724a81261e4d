import { createApiClient } from './api-client';
import { navigate } from './browser';
import { currentLanguage, i18n } from './i18n';
import { notify } from './notify';
import { getAccessToken, isSignedIn } from './session/store';

let renew: () => Promise<string | null> = async () => null;
/** The session module provides token renewal (kept out of this file to avoid an import cycle). */
export const setTokenRenewal = (fn: () => Promise<string | null>) => {
  renew = fn;
};

/** The app's one HTTP client: every feature's api/ files call the server through it. */
export const api = createApiClient({
  getAccessToken,
  isSignedIn,
  getLanguage: currentLanguage,
  onUnauthorized: () => navigate('/logout'),
  renewAccessToken: () => renew(),
  toastError: (message) => notify.danger(message),
  fallbackMessage: (kind) => i18n.t(`session.${kind}`),
});
