import type { Database } from './client';
import { type ContextCheck, isContextChanged } from './context-check';

export { type ContextCheck, isContextChanged } from './context-check';

/** A row of app_request_context(): the Host's company and the token's session, user and membership. */
export interface ContextRow {
  company_id: string | null;
  sub_domain: string | null;
  name: string | null;
  company_enabled: boolean | null;
  session_found: boolean;
  revoked_at: Date | string | null;
  expires_at: Date | string | null;
  user_roles: string[] | null;
  membership_id: string | null;
  membership_enabled: boolean | null;
  membership_roles: string[] | null;
  /** app_context_digest() of the row: what app_check_context() compares with (migration 0032). */
  digest: string;
}

const LOOKUP = `SELECT c.*, app_context_digest(c.company_id, c.sub_domain, c.name, c.company_enabled, c.session_found,
       c.revoked_at, c.expires_at, c.user_roles, c.membership_id, c.membership_enabled, c.membership_roles) AS digest
  FROM app_request_context($1, $2, $3) c`;

/**
 * Every request's context in one statement outside any transaction (migration 0003): the Host's
 * company by its sub-domain and, for a Bearer token, its session, the user's global roles and the
 * membership in that company. Undefined fields are null.
 */
export async function requestContext(db: Database, label: string | null, sid: string | null, uid: string | null) {
  const [row] = await db.query<ContextRow>(LOOKUP, [label, sid, uid]);
  return row;
}

/** Checks a remembered context on its own (a request that ran no transaction): true when it still holds. */
export async function contextHolds(db: Database, check: ContextCheck): Promise<boolean> {
  try {
    await db.query('SELECT app_check_context($1, $2, $3, $4)', [check.label, check.sid, check.uid, check.digest]);
    return true;
  } catch (error) {
    if (isContextChanged(error)) return false;
    throw error;
  }
}
