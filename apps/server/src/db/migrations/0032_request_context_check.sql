-- A request's context (the Host's company, the token's session, the user's roles and membership)
-- is remembered by each process and checked inside the request's first transaction, instead of read
-- in a round trip of its own before it (decision 026). The digest covers every field the server
-- decides with; timestamps go in as epoch seconds, so no session setting (TimeZone, DateStyle) can
-- change it.
CREATE OR REPLACE FUNCTION app_context_digest(company_id uuid, sub_domain text, name text, company_enabled boolean,
                                              session_found boolean, revoked_at timestamptz, expires_at timestamptz,
                                              user_roles text[], membership_id uuid, membership_enabled boolean,
                                              membership_roles text[])
-- STABLE, as concat_ws is: a function no stricter than its body is inlined where it is called.
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT md5(concat_ws('|', company_id, sub_domain, name, company_enabled, session_found,
                       extract(epoch FROM revoked_at), extract(epoch FROM expires_at), user_roles::text,
                       membership_id, membership_enabled, membership_roles::text))
$$;
--> statement-breakpoint
-- Refuses the transaction it runs in (SQLSTATE WC001) when the context is no longer the one the
-- server remembered: the server then answers the request again from a fresh context. Like
-- app_request_context, only the server's login role may call it.
CREATE OR REPLACE FUNCTION app_check_context(p_label text, p_sid uuid, p_uid uuid, p_digest text)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  prev text := coalesce(current_setting('app.scope', true), '');
  same boolean;
BEGIN
  -- app_request_context's query, inline (its plan kept with this function's).
  PERFORM set_config('app.scope', 'system', true);
  SELECT app_context_digest(c.id, c.sub_domain, c.name, c.enabled, s.id IS NOT NULL, s.revoked_at, s.expires_at,
                            u.roles, m.id, m.enabled, m.roles) = p_digest
    INTO same
    FROM (SELECT 1) one
    LEFT JOIN companies c ON c.sub_domain = p_label
    LEFT JOIN sessions s ON s.id = p_sid AND s.user_id = p_uid
    LEFT JOIN users u ON u.id = s.user_id
    LEFT JOIN memberships m ON m.user_id = s.user_id AND m.company_id = c.id;
  PERFORM set_config('app.scope', prev, true);
  IF same IS NOT TRUE THEN
    RAISE EXCEPTION 'the request context changed' USING ERRCODE = 'WC001';
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_check_context(text, uuid, uuid, text) FROM PUBLIC;
