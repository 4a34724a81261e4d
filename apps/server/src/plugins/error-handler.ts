import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorMessage } from '@wac/shared/errors';
import { validationMessage } from '@wac/shared/validation';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isCommitOutcomeUnknown, isDatabaseUnavailable } from '../db/client';
import { isContextChanged } from '../db/request-context';
import { AppError } from '../lib/errors';
import { pickLanguage } from '../lib/lang';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'ONE_FILE_ONLY',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

/**
 * What Node's HTTP parser refuses before any route — a request line or headers past its 16 KB (a
 * search with thousands of characters in the address), malformed HTTP, a request not sent in time —
 * answered like every other error: the code and a message in the asker's language (read from what
 * arrived of the request), not Fastify's English `{"error": …}`. A connection already gone is closed.
 */
export function answerClientError(err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, status]: [ErrorCode, number] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? ['HEADERS_TOO_LARGE', 431]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['BAD_REQUEST', 408]
        : ['BAD_REQUEST', 400];
  // Typed as a serialised Buffer, handed over as the Buffer itself.
  const packet: unknown = err.rawPacket;
  const arrived = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
  const lang = pickLanguage(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(arrived)?.[1]);
  const body = JSON.stringify({ code, message: errorMessage(code, lang) });
  // Written, then the connection closed at once (as Fastify's own handler does): a slow client that
  // never finishes its side (slowloris) must not hold the socket open after its 408.
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroy();
}

/** What a 503 tells clients to wait: about the time the pool needs to find the database back. */
const RETRY_AFTER_SECONDS = 5;

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  /**
   * `max`: the limit a text (or, with `origin` 'array', a list) went over; said in the message,
   * neither sent as a field of its own.
   */
  issues?: Array<{ path: string; code: string; max?: number; origin?: string }>,
  params?: Record<string, string | number>,
) {
  const lang = request.lang ?? 'en';
  const message = Object.entries(params ?? {}).reduce(
    (m, [k, v]) => m.replaceAll(`{{${k}}}`, String(v)),
    errorMessage(code, lang),
  );
  return reply.status(status).send({
    code,
    message,
    ...(issues?.length
      ? {
          issues: issues.map(({ max, origin, ...i }) => ({
            ...i,
            message: validationMessage(i.code, lang, { max, origin }),
          })),
        }
      : {}),
  });
}

/** One error handler: AppError codes and framework errors become translated 4xx; 5xx reveal nothing. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(request, reply, error.code, error.status, error.issues, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const path = [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.');
        const { maximum: max, origin } = (v.params ?? {}) as { maximum?: unknown; origin?: unknown };
        return {
          path,
          code: keyOf(v.message),
          ...(typeof max === 'number' ? { max } : {}),
          ...(typeof origin === 'string' ? { origin } : {}),
        };
      });
      return sendError(request, reply, 'VALIDATION_FAILED', 400, issues);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    const status = error.statusCode ?? 500;
    // A second file is the client's mistake, not a body too large (multipart says 413).
    if (mapped === 'ONE_FILE_ONLY') return sendError(request, reply, mapped, 400);
    if (mapped) return sendError(request, reply, mapped, status >= 400 && status < 500 ? status : 400);
    if (status >= 400 && status < 500) {
      return sendError(request, reply, status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST', status);
    }
    if (isCommitOutcomeUnknown(error)) {
      // The connection went while the COMMIT was on its way: the change may have been saved. The
      // client is told to look before trying again, not that nothing changed.
      request.log.warn({ err: error }, 'database unavailable during a commit');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(request, reply, 'SAVE_OUTCOME_UNKNOWN', 503);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is unreachable or not answering: a passing condition the client may retry
      // (the pool reconnects by itself), not a server bug.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(request, reply, 'SERVICE_UNAVAILABLE', 503);
    }
    if (isContextChanged(error)) {
      // The request's remembered context changed under it: this answer is replaced by a fresh one
      // (the context plugin's onSend); a 503 only if that cannot happen.
      return sendError(request, reply, 'SERVICE_UNAVAILABLE', 503);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL', 500);
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'ROUTE_NOT_FOUND', 404));
});

/** Zod messages in the shared schemas are catalog keys; anything else is a generic "invalid". */
function keyOf(message: string | undefined): string {
  if (!message) return 'invalid';
  return /^[a-zA-Z]+$/.test(message) ? message : 'invalid';
}
