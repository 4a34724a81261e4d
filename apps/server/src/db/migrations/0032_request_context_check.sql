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
-- server remembered: the server then answers the request again from a fresh context. It hashes
-- app_request_context's own row, so the lookup and the check cannot disagree. Like
-- app_request_context, only the server's login role may call it.
CREATE OR REPLACE FUNCTION app_check_context(p_label text, p_sid uuid, p_uid uuid, p_digest text)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM app_request_context(p_label, p_sid, p_uid) c
     WHERE app_context_digest(c.company_id, c.sub_domain, c.name, c.company_enabled, c.session_found, c.revoked_at,
                              c.expires_at, c.user_roles, c.membership_id, c.membership_enabled,
                              c.membership_roles) = p_digest
  ) THEN
    RAISE EXCEPTION 'the request context changed' USING ERRCODE = 'WC001';
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_check_context(text, uuid, uuid, text) FROM PUBLIC;
