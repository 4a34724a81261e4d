/**
 * An error and the errors it wraps (`cause`), outermost first, at most five deep: the ORM wraps the
 * driver's error, which carries the SQLSTATE `code` the callers look for.
 */
export function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** Whether the error or one it wraps has this SQLSTATE. */
export const hasCode = (error: unknown, code: string): boolean => {
  for (const e of causes(error)) if (e.code === code) return true;
  return false;
};
