import type { Database } from './client';

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
}

/**
 * Every request's context in one statement outside any transaction (migration 0003): the Host's
 * company by its sub-domain and, for a Bearer token, its session, the user's global roles and the
 * membership in that company. Undefined fields are null.
 */
export async function requestContext(db: Database, label: string | null, sid: string | null, uid: string | null) {
  const [row] = await db.query<ContextRow>('SELECT * FROM app_request_context($1, $2, $3)', [label, sid, uid]);
  return row;
}
