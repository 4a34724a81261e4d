import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const MAX_DEPTH = 20;

/** The path of the first string holding NUL, or null; NUL is never meaningful and PostgreSQL cannot store it. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path || '?';
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Request targets that are not a path are refused first. Then, the last guard behind the shared schemas: a NUL anywhere in a request's query, parameters or
 * JSON body is refused with the schema's own 400 before any handler runs, whatever the route's
 * schema says (or forgets to say) about that field.
 */
export default fp(async function hostileInput(app: FastifyInstance) {
  // An absolute-form target (`GET http://host/path HTTP/1.1`) names its host twice and skips every
  // hook that reads the path; browsers never send one to an origin server, so it is refused before
  // anything else runs, and so is `*` (OPTIONS *).
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/')) throw new AppError('BAD_REQUEST');
  });
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value, part);
      if (path) throw new AppError('VALIDATION_FAILED', [{ path, code: 'controlCharacters' }]);
    }
  });
});
