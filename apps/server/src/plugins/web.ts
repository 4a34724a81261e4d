import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Serves the built SPA under /admin (index.html for every client route) with safe headers. */
export default fp(async function web(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    else reply.header('Content-Security-Policy', CSP);
    return payload;
  });

  const root = app.config.webDist;
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/admin/',
      wildcard: false,
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

  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin/*', { schema: { hide: true } }, (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    // Missing asset files are real 404s, not the SPA.
    if (rest.startsWith('assets/') || /\.[a-z0-9]{2,5}$/i.test(rest)) {
      return hasBuild && existsSync(join(root, rest)) ? reply.sendFile(rest, root) : reply.callNotFound();
    }
    return sendIndex(reply);
  });
});
