import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What a switch code not opened from a page of ours becomes in the address (see `fromOwnPage`):
 * never a code (codes are 43 URL-safe characters; this passes the redemption's shape), so its
 * redemption is refused as invalid.
 */
export const REFUSED_CODE = 'link-not-opened-from-the-console';

const HOST_NAME = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * The console may connect to its own origin only: `'self'` for fetch, and the same host's
 * WebSocket scheme spelled out (older engines do not let `'self'` cover ws:/wss:). A Host that is
 * not a plain host name adds nothing.
 */
function csp(host: string | undefined, wsScheme: 'ws' | 'wss') {
  const connect = host && HOST_NAME.test(host) ? `'self' ${wsScheme}://${host.toLowerCase()}` : "'self'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

// Every company is a sub-domain of the base domain, so the whole tree is https-only.
const HSTS = 'max-age=31536000; includeSubDomains';

/** Serves the built SPA under /admin (index.html for every client route) with safe headers. */
export default fp(async function web(app: FastifyInstance) {
  const https = app.config.publicProtocol === 'https';
  app.addHook('onSend', async (request, reply, payload) => {
    if (https) reply.header('Strict-Transport-Security', HSTS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    // Anything but the console's own files is never cached: API answers, and refused targets too.
    if (!request.url.startsWith('/admin')) reply.header('Cache-Control', 'no-store');
    if (!request.url.startsWith('/api/'))
      reply.header('Content-Security-Policy', csp(request.headers.host, https ? 'wss' : 'ws'));
    return payload;
  });

  // A fully qualified host (`acme.example.com.`) is the same company, but another origin to the
  // browser: its sign-in cookie and same-origin checks would not match. Its pages move to the host
  // without the dot; only hosts of the base domain, so the answer never points elsewhere.
  const base = app.config.baseDomain;
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const m = /^([a-z0-9.-]+)\.(:\d{1,5})?$/i.exec(request.headers.host ?? '');
    const name = m?.[1]?.toLowerCase();
    if (!name || (name !== base && !name.endsWith(`.${base}`))) return;
    return reply.redirect(`${app.config.publicProtocol}://${name}${m?.[2] ?? ''}${request.url}`, 308);
  });

  const root = resolve(app.config.webDist);
  /** A file inside the console folder, or null: a path that leaves it is not found, never forbidden. */
  const inside = (rest: string) => {
    const path = resolve(root, rest);
    const rel = relative(root, path);
    return rel && !rel.startsWith(`..${sep}`) && rel !== '..' && !rel.includes('\0') ? rel : null;
  };
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    // `serve: false`: the plugin only lends `reply.sendFile` (with the headers below) to the
    // `/admin/*` route, which decides what is a file. Serving through the plugin's own routes
    // (`wildcard: false`) walked the whole folder at start-up and added two routes per file:
    // about 160 ms of every start (bench/RESULTS.md, "Start-up").
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      setHeaders(res, path) {
        res.header(
          'Cache-Control',
          path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (reply: import('fastify').FastifyReply) =>
    hasBuild
      ? reply.header('Cache-Control', 'no-cache').sendFile('index.html', root)
      : reply
          .type('text/plain; charset=utf-8')
          .status(503)
          .send('The console is not built yet: run `npm run build` (npm start does it for you).');

  /**
   * A console address carrying a one-time switch code (`_token`) that was not opened from a page of
   * this deployment: its code is not handed to the console. The console opens such addresses itself
   * (lib/browser.ts), with `Referer` set to its page's origin (the base domain or a company's
   * host); a link in a mail, a chat or another site carries another origin or none. Without this, a
   * code someone made for their own account and sent as a link signed the reader in as them (login
   * CSRF). The address loses the code and names a refused one instead, so the console says the link
   * is invalid on the sign-in form: it never redeems it, and never bounces (a browser that sends no
   * Referer at all signs in on the company's own form instead of going round in circles).
   * Decision 012.
   */
  const fromOwnPage = (referer: string | undefined) => {
    if (!referer) return false;
    try {
      const from = new URL(referer);
      const name = from.hostname.toLowerCase();
      return from.protocol === `${app.config.publicProtocol}:` && (name === base || name.endsWith(`.${base}`));
    } catch {
      return false;
    }
  };

  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin/*', { schema: { hide: true } }, (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    // A path that tries to leave the console folder is not a client route either.
    if (/(^|[/\\])\.\.([/\\]|$)|\\|\0/.test(rest)) return reply.callNotFound();
    // Missing asset files are real 404s, not the SPA.
    if (rest.startsWith('assets/') || /\.[a-z0-9]{2,5}$/i.test(rest)) {
      const file = inside(rest);
      return hasBuild && file && existsSync(join(root, file)) ? reply.sendFile(file, root) : reply.callNotFound();
    }
    const query = request.url.indexOf('?');
    if (query !== -1) {
      const params = new URLSearchParams(request.url.slice(query + 1));
      const code = params.get('_token');
      if (code !== null && code !== REFUSED_CODE && !fromOwnPage(request.headers.referer)) {
        params.set('_token', REFUSED_CODE);
        return reply.header('Cache-Control', 'no-store').redirect(`${request.url.slice(0, query)}?${params}`, 303);
      }
    }
    return sendIndex(reply);
  });
});
