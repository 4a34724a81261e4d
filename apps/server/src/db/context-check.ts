/** A request's remembered context as the database proves it (decision 026; migration 0032). */

import { hasCode } from './causes';

/**
 * A remembered context, to be proved still true by the request's first transaction (decision 026):
 * `pending` until a statement of this request has checked it, then `verified`; `changed` when the
 * check found it changed (the request is answered again from a fresh context), `replayed` once it is.
 */
export interface ContextCheck {
  label: string | null;
  sid: string | null;
  uid: string | null;
  digest: string;
  state: 'pending' | 'verified' | 'changed' | 'replayed';
}

/** SQLSTATE of app_check_context() when the context changed. */
export const CONTEXT_CHANGED = 'WC001';

/** The check as an SQL expression with literal values (it travels in the BEGIN message of a transaction). */
export function checkExpression(check: ContextCheck, lit: (v: string) => string): string {
  const v = (x: string | null) => (x === null ? 'NULL' : lit(x));
  return `app_check_context(${v(check.label)}, ${v(check.sid)}::uuid, ${v(check.uid)}::uuid, ${lit(check.digest)})`;
}

/** True when error (or one of its causes) is app_check_context() refusing a changed context. */
export const isContextChanged = (error: unknown): boolean => hasCode(error, CONTEXT_CHANGED);

/**
 * Sends the statement that carries a check and records its outcome: `verified` when it ran,
 * `changed` when app_check_context() refused it (any other failure leaves the check pending).
 */
export async function proving<R>(check: ContextCheck, send: () => Promise<R>): Promise<R> {
  try {
    const result = await send();
    check.state = 'verified';
    return result;
  } catch (error) {
    if (isContextChanged(error)) check.state = 'changed';
    throw error;
  }
}
