import { ERROR_CODES, type ErrorCode } from '@wac/shared/errors';
import type { ZodType, z } from 'zod';

/** The one application error: a stable code mapped to HTTP in the error handler. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly issues?: Array<{ path: string; code: string }>,
    readonly headers?: Record<string, string>,
    /** Values its message names (`{{line}}`): a file's line, say. */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.status = ERROR_CODES[code];
  }
}

/**
 * The fields of a body as `schema` reads them, or the usual translated 400 naming each field: for
 * the fields of a multipart form, which no route schema validates. An issue's code is a message
 * key, as the route schemas' are: zod's own English (an unknown field's "Unrecognized key: …")
 * becomes `invalid`, and an unknown field is named in the path.
 */
export function parseBody<S extends ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      parsed.error.issues.flatMap((i) => {
        const at = ['body', ...i.path.map(String)];
        if (i.code === 'unrecognized_keys')
          return i.keys.map((key) => ({ path: [...at, key].join('.'), code: 'invalid' }));
        return [{ path: at.join('.'), code: /^[a-zA-Z]+$/.test(i.message) ? i.message : 'invalid' }];
      }),
    );
  }
  return parsed.data;
}
