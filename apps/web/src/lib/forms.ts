import { ERROR_FIELDS } from '@wac/shared/error-codes';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * The form field an API issue is about. The server names each issue after the part of the request
 * it is in (`body.subDomain`, `body.admin.email`, `query.search`): a form's field is the first name
 * after that part.
 */
export function issueField(path: string): string {
  const parts = path.split('.');
  if (parts.length > 1 && REQUEST_PARTS.has(parts[0] ?? '')) parts.shift();
  return parts[0] ?? '';
}

const REQUEST_PARTS = new Set(['body', 'querystring', 'query', 'params', 'headers']);

/**
 * Puts a failed request's errors on the form's fields, where the eye is: each field issue (already
 * translated by the server) and an error whose code is about one field ("This password is too
 * common" on the password). The first such field takes the focus. When every part of the error
 * found its field, the error is claimed and no toast repeats it; what belongs to no field is still
 * toasted. Returns the message the form itself shows inline (the two inline-only codes), or null.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return null;
  const bound: Path<T>[] = [];
  let unbound = 0;
  const bind = (path: string, message: string) => {
    const field = issueField(path) as Path<T>;
    if (!fields.includes(field)) {
      unbound++;
      return;
    }
    setError(field, { type: 'server', message }, { shouldFocus: bound.length === 0 });
    bound.push(field);
  };
  for (const issue of error.issues) bind(issue.path, issue.message);
  const codeField = ERROR_FIELDS[error.code as keyof typeof ERROR_FIELDS];
  if (codeField) bind(codeField, error.message);
  if (bound.length > 0 && unbound === 0) error.claim();
  return error.code === 'INVALID_CREDENTIALS' || error.code === 'NOT_PART_OF_ANY_COMPANY' ? error.message : null;
}
