import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a failed request's field issues on the form's fields (already translated by the server),
 * and returns the message for the form itself when it must show inline (the two inline-only codes).
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return null;
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0] as Path<T>;
    if (fields.includes(field)) setError(field, { type: 'server', message: issue.message });
  }
  return error.code === 'INVALID_CREDENTIALS' || error.code === 'NOT_PART_OF_ANY_COMPANY' ? error.message : null;
}
