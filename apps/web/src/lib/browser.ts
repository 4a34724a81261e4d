/**
 * Leaving the page and rewriting the address bar, in one replaceable place: tests observe
 * cross-sub-domain navigations here instead of unloading their document.
 */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
  replaceUrl(url: string) {
    window.history.replaceState(window.history.state, '', url);
  },
};

type Navigate = (path: string) => void;
let navigateInApp: Navigate = (path) => window.location.assign(`/admin${path}`);

/** The router registers itself so code outside React (the HTTP client) can change screens. */
export function setAppNavigator(fn: Navigate) {
  navigateInApp = fn;
}
export const navigate = (path: string) => navigateInApp(path);
