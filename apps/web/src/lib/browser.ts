/**
 * Leaving the page and rewriting the address bar, in one replaceable place: tests observe
 * cross-sub-domain navigations here instead of unloading their document.
 */
export const browser = {
  /**
   * Opens another page of the console (another company's host, the base domain's sign-in), telling
   * it which origin sent the browser there: the document's own policy sends no Referer at all, and
   * the server hands a one-time switch code to the console only when a page of ours opened the
   * address (decision 012, plugins/web.ts). The origin alone goes, never the path or the query.
   */
  assign(url: string) {
    const a = document.createElement('a');
    a.href = url;
    a.referrerPolicy = 'origin';
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
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
