import { ERROR_CODES, type ErrorCode } from '@wac/shared/errors';

/** The one application error: a stable code mapped to HTTP in the error handler. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly issues?: Array<{ path: string; code: string }>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.status = ERROR_CODES[code];
  }
}
