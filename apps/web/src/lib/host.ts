import { BASE_PATH } from '@wac/shared/constants';

export interface PageHost {
  /** The company label of the page's host, or null on the base domain. */
  subDomain: string | null;
  /** The base domain with port, e.g. `localhost:3000` or `example.com`. */
  base: string;
  protocol: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Splits the page host into company label and base domain. The server takes the company from
 * `{subDomain}.{BASE_DOMAIN}`; the SPA does not know BASE_DOMAIN, so it reads `*.localhost` and any
 * host of three or more labels as `{label}.{base}` (acme.example.com), and anything shorter as the base.
 */
export function parseHost(hostname: string, port: string, protocol: string): PageHost {
  const name = hostname.toLowerCase();
  const withPort = (h: string) => (port ? `${h}:${port}` : h);
  const labels = name.split('.');
  const isLocal = name.endsWith('.localhost') && labels.length === 2;
  if (!IPV4.test(name) && (isLocal || labels.length >= 3)) {
    return { subDomain: labels[0] ?? null, base: withPort(labels.slice(1).join('.')), protocol };
  }
  return { subDomain: null, base: withPort(name), protocol };
}

export const currentHost = () => parseHost(location.hostname, location.port, location.protocol);

/** The console path of a full location pathname, e.g. `/admin/users` → `/users`. */
export function appPath(pathname: string): string {
  if (pathname === BASE_PATH) return '/';
  return pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length) : pathname;
}

/** The URL of the same console path on another company's sub-domain, carrying a one-time code. */
export function companyUrl(host: PageHost, subDomain: string, path: string, code?: string): string {
  const url = new URL(`${host.protocol}//${subDomain}.${host.base}${BASE_PATH}${path}`);
  if (code) url.searchParams.set('_token', code);
  return url.toString();
}

/**
 * The base domain's sign-in, asked to continue into a company at a path: a company page without a
 * session sends the browser here, where its one sign-in (if any) mints a one-time code back.
 */
export function baseSignInUrl(host: PageHost, wanted: { subDomain: string; path: string } | null): string {
  const url = new URL(`${host.protocol}//${host.base}${BASE_PATH}/login`);
  if (wanted) {
    url.searchParams.set('to', wanted.subDomain);
    if (wanted.path !== '/' && wanted.path !== '/login') url.searchParams.set('path', wanted.path);
  }
  return url.toString();
}
