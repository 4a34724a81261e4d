import type { Config } from '../config';

const DEFAULT_PORT = { http: '80', https: '443' } as const;

type OriginConfig = Pick<Config, 'publicProtocol' | 'baseDomain'> & Partial<Pick<Config, 'publicPort'>>;

/**
 * The exact origin (scheme, host, port) a page of this Host has: the company's sub-domain (or the
 * base domain) under the public protocol, with the port the browser used to reach it. The port
 * comes from the Host header because a proxy may publish another port than the one we listen on;
 * a proxy that passes the bare host name (nginx's `$host`) leaves it to `PUBLIC_PORT`. The host
 * name never comes from the header: it is the company's, whatever the header says around it.
 */
export function expectedOrigin(config: OriginConfig, subDomain: string | null, hostHeader: string | undefined): string {
  const name = subDomain ? `${subDomain}.${config.baseDomain}` : config.baseDomain;
  const port = /:(\d{1,5})$/.exec(hostHeader ?? '')?.[1] ?? (config.publicPort ? String(config.publicPort) : undefined);
  const shown = port && port !== DEFAULT_PORT[config.publicProtocol] ? `:${port}` : '';
  return `${config.publicProtocol}://${name}${shown}`;
}

/**
 * Whether an `Origin` header names exactly this Host's page. Browsers send the serialised origin
 * (`scheme://host[:port]`, lowercase, no user info, no path), so anything else is not a browser
 * page of ours: another port on the same host, `user@host` forms and look-alikes all fail.
 */
export function isSameOrigin(
  config: OriginConfig,
  subDomain: string | null,
  hostHeader: string | undefined,
  origin: string | undefined,
): boolean {
  return !!origin && origin === expectedOrigin(config, subDomain, hostHeader);
}

/**
 * Whether a browser request came from this Host's own page. Routes that set or read the refresh
 * cookie use it: sibling company sub-domains are same-site to each other, so `SameSite=Lax` alone
 * would let one company's page post there. A browser sends `Sec-Fetch-Site` (and `Origin` on a
 * POST); a request with neither is not a browser riding on someone's cookie.
 */
export function isOwnPageRequest(
  config: OriginConfig,
  subDomain: string | null,
  headers: { host?: string; origin?: string; 'sec-fetch-site'?: string | string[] },
): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  return headers.origin === undefined || isSameOrigin(config, subDomain, headers.host, headers.origin);
}
