import { ERROR_FIELDS } from '@wac/shared/error-codes';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * For a form that checks its own fields (not react-hook-form): after `refuse()`, once the refused
 * fields show their messages, the first of them takes the focus; left on the send button, a keyboard
 * or screen-reader user was told nothing. A field that marks its box rather than an input (a time's
 * hour and minute inputs) hands the focus to its first empty input.
 */
export function useFocusRefusedField() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const field = refusals > 0 ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!field) return;
    const inputs = field.matches('input, textarea, select, button')
      ? [field as HTMLInputElement]
      : [...field.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), select, button')];
    (inputs.find((i) => i.tagName !== 'BUTTON' && !i.value) ?? inputs[0])?.focus();
  }, [refusals]);
  const refuse = useCallback(() => setRefusals((n) => n + 1), []);
  return { formRef, refuse };
}
