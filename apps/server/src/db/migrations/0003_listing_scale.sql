CREATE TABLE "member_list_versions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_search" (
	"membership_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"search_text" text NOT NULL,
	"sort_name" text NOT NULL,
	"email" text NOT NULL,
	"roles" text[] NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_stats" (
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"enabled" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_stats_company_id_role_enabled_pk" PRIMARY KEY("company_id","role","enabled")
);
--> statement-breakpoint
ALTER TABLE "member_list_versions" ADD CONSTRAINT "member_list_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_search" ADD CONSTRAINT "member_search_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_stats" ADD CONSTRAINT "member_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Member listings at 100,000 members (docs/decisions/007-member-listing-at-scale.md, "0003").
-- Counts, the ordering version and the search text are kept by statement-level triggers on
-- memberships (one pass per statement, so a bulk import or the 1M-row benchmark seed stays cheap).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX member_search_company_trgm ON member_search USING gin (company_id, search_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX member_search_company_idx ON member_search (company_id);
--> statement-breakpoint
-- The app role reads counts and versions (scoped by row-level security) and never writes them; it
-- has no privilege at all on member_search.
REVOKE ALL ON member_search FROM wac_app;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON member_stats, member_list_versions FROM wac_app;
--> statement-breakpoint
ALTER TABLE member_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE member_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY member_stats_scope ON member_stats
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE member_list_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE member_list_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY member_list_versions_scope ON member_list_versions
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- Adds the signed deltas of `d` (company_id, roles, enabled, sign) to the counts, and bumps the
-- version of every company in `bump`. Rows are written in key order, so two statements of one
-- company queue on the same row instead of deadlocking. A company deleted in the same statement
-- (its counts cascade away) is skipped.
CREATE OR REPLACE FUNCTION member_stats_apply(d jsonb, bump uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO member_stats AS s (company_id, role, enabled, n)
  SELECT x.company_id, x.role, x.enabled, sum(x.d)::int
    FROM (SELECT (e->>'c')::uuid AS company_id, r.role, (e->>'e')::boolean AS enabled, (e->>'d')::int AS d
            FROM jsonb_array_elements(d) e
            CROSS JOIN LATERAL (SELECT '' AS role UNION ALL
                                SELECT jsonb_array_elements_text(e->'r')) r) x
   WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
   GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (company_id, role, enabled) DO UPDATE SET n = s.n + EXCLUDED.n;
  INSERT INTO member_list_versions AS v (company_id, version)
  SELECT b, 1 FROM unnest(bump) b WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = b) ORDER BY 1
  ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION memberships_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_search (membership_id, company_id, user_id, search_text, sort_name, email, roles, enabled, created_at)
    SELECT n.id, n.company_id, n.user_id, lower(u.first_name || ' ' || u.last_name || ' ' || u.email),
           n.sort_name, n.email, n.roles, n.enabled, n.created_at
      FROM new_rows n JOIN users u ON u.id = n.user_id;
    PERFORM member_stats_apply(
      (SELECT coalesce(jsonb_agg(jsonb_build_object('c', c, 'r', r, 'e', e, 'd', k)), '[]')
         FROM (SELECT company_id c, roles r, enabled e, count(*) k FROM new_rows GROUP BY 1, 2, 3) g),
      ARRAY(SELECT DISTINCT company_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM member_stats_apply(
      (SELECT coalesce(jsonb_agg(jsonb_build_object('c', c, 'r', r, 'e', e, 'd', -k)), '[]')
         FROM (SELECT company_id c, roles r, enabled e, count(*) k FROM old_rows GROUP BY 1, 2, 3) g),
      ARRAY(SELECT DISTINCT company_id FROM old_rows));
  ELSE
    UPDATE member_search s
       SET company_id = n.company_id, user_id = n.user_id,
           search_text = lower(u.first_name || ' ' || u.last_name || ' ' || u.email),
           sort_name = n.sort_name, email = n.email, roles = n.roles, enabled = n.enabled, created_at = n.created_at
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.id = n.user_id
     WHERE s.membership_id = n.id
       AND (n.sort_name, n.email, n.user_id, n.company_id, n.roles, n.enabled, n.created_at)
           IS DISTINCT FROM (o.sort_name, o.email, o.user_id, o.company_id, o.roles, o.enabled, o.created_at);
    PERFORM member_stats_apply(
      (SELECT coalesce(jsonb_agg(jsonb_build_object('c', c, 'r', r, 'e', e, 'd', k)), '[]')
         FROM (SELECT c, r, e, sum(k) k FROM (
                 SELECT n.company_id c, n.roles r, n.enabled e, 1 k
                   FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE (n.roles, n.enabled, n.company_id) IS DISTINCT FROM (o.roles, o.enabled, o.company_id)
                 UNION ALL
                 SELECT o.company_id, o.roles, o.enabled, -1
                   FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE (n.roles, n.enabled, n.company_id) IS DISTINCT FROM (o.roles, o.enabled, o.company_id)) t
               GROUP BY 1, 2, 3) g),
      ARRAY(SELECT DISTINCT c FROM (
              SELECT n.company_id c FROM new_rows n JOIN old_rows o ON o.id = n.id
               WHERE (n.roles, n.enabled, n.sort_name, n.email, n.company_id)
                     IS DISTINCT FROM (o.roles, o.enabled, o.sort_name, o.email, o.company_id)
              UNION SELECT o.company_id FROM new_rows n JOIN old_rows o ON o.id = n.id
               WHERE n.company_id IS DISTINCT FROM o.company_id) z));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER memberships_track_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION memberships_track();
--> statement-breakpoint
CREATE TRIGGER memberships_track_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION memberships_track();
--> statement-breakpoint
CREATE TRIGGER memberships_track_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION memberships_track();
--> statement-breakpoint
-- The search, for the scope's own company only (or any company in the system scope): the one door
-- to member_search. Returns membership ids; the caller joins them to memberships under its policy.
CREATE OR REPLACE FUNCTION member_search_ids(p_company uuid, p_pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 500 AS $$
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  -- Dynamic, so the pattern is planned with its value and its trigrams reach the index.
  RETURN QUERY EXECUTE
    'SELECT s.membership_id FROM member_search s WHERE s.company_id = $1 AND s.search_text LIKE $2'
  USING p_company, p_pattern;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION member_search_ids(uuid, text) FROM PUBLIC;
--> statement-breakpoint
-- One page of a searched listing and the number of matches, from member_search alone: the matches
-- are found once (a materialized CTE), the count and the top-N sort read them there, and only the
-- page's ids go back to the caller. Static SQL, so its plan is cached per connection (the request's
-- transaction sets plan_cache_mode = force_generic_plan; the GIN scan extracts the pattern's
-- trigrams when it runs). A fragment of one or two letters has no trigram to look up, and a GIN
-- scan without one reads the whole index: those go through the company's btree and a substring test.
-- Same company rule as member_search_ids.
CREATE OR REPLACE FUNCTION member_search_page(p_company uuid, p_fragment text, p_role text, p_enabled boolean,
                                              p_sort text, p_desc boolean, p_limit int, p_offset int)
RETURNS TABLE (membership_id uuid, total int)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  frag text := lower(p_fragment);
  pattern text := '%' || replace(replace(replace(lower(p_fragment), '\', '\\'), '%', '\%'), '_', '\_') || '%';
BEGIN
  IF p_sort NOT IN ('name', 'email', 'createdAt', 'role') THEN
    RAISE EXCEPTION 'member_search_page: unknown sort %', p_sort;
  END IF;
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  -- Both ways of finding the matches are in one plan; a condition on the fragment's length alone is a
  -- one-time filter, so only one of them runs.
  RETURN QUERY
  WITH hits AS MATERIALIZED (
    SELECT x.membership_id, x.sort_name, x.email, x.created_at, x.roles
      FROM (SELECT s.* FROM member_search s
             WHERE length(frag) >= 3 AND s.company_id = p_company AND s.search_text LIKE pattern
            UNION ALL
            SELECT s.* FROM member_search s
             WHERE length(frag) < 3 AND s.company_id = p_company AND strpos(s.search_text, frag) > 0) x
     WHERE (p_role IS NULL OR x.roles @> ARRAY[p_role]) AND (p_enabled IS NULL OR x.enabled = p_enabled))
  SELECT pg.membership_id, t.n
    FROM (SELECT count(*)::int AS n FROM hits) t
    LEFT JOIN LATERAL (
      SELECT h.membership_id FROM hits h
       ORDER BY CASE WHEN NOT p_desc THEN CASE p_sort WHEN 'name' THEN h.sort_name WHEN 'email' THEN h.email END END ASC,
                CASE WHEN p_desc THEN CASE p_sort WHEN 'name' THEN h.sort_name WHEN 'email' THEN h.email END END DESC,
                CASE WHEN NOT p_desc AND p_sort = 'createdAt' THEN h.created_at END ASC,
                CASE WHEN p_desc AND p_sort = 'createdAt' THEN h.created_at END DESC,
                CASE WHEN NOT p_desc AND p_sort = 'role' THEN array_to_string(h.roles, ',') END ASC,
                CASE WHEN p_desc AND p_sort = 'role' THEN array_to_string(h.roles, ',') END DESC,
                CASE WHEN NOT p_desc THEN h.membership_id END ASC,
                CASE WHEN p_desc THEN h.membership_id END DESC
       LIMIT p_limit OFFSET p_offset) pg ON true;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION member_search_page(uuid, text, text, boolean, text, boolean, int, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION member_search_page(uuid, text, text, boolean, text, boolean, int, int) TO wac_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION member_search_ids(uuid, text) TO wac_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION member_stats_apply(jsonb, uuid[]) FROM PUBLIC;
--> statement-breakpoint
-- What already exists when the migration runs.
INSERT INTO member_search (membership_id, company_id, user_id, search_text, sort_name, email, roles, enabled, created_at)
SELECT m.id, m.company_id, m.user_id, lower(u.first_name || ' ' || u.last_name || ' ' || u.email),
       m.sort_name, m.email, m.roles, m.enabled, m.created_at
  FROM memberships m JOIN users u ON u.id = m.user_id;
--> statement-breakpoint
INSERT INTO member_stats (company_id, role, enabled, n)
SELECT company_id, '', enabled, count(*) FROM memberships GROUP BY 1, 3
UNION ALL
SELECT company_id, r, enabled, count(*) FROM memberships, unnest(roles) r GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO member_list_versions (company_id, version) SELECT id, 1 FROM companies;
--> statement-breakpoint
-- Every API request's context in one statement, outside any transaction: the Host's company and,
-- for a Bearer token, its session, the user's global roles and the membership in that company.
-- It reads across companies, so it takes the system scope for its one query and then restores the
-- caller's (a function SET clause on a custom setting needs a superuser), and only the owner (the
-- server's login role) may call it — never wac_app.
CREATE OR REPLACE FUNCTION app_request_context(p_label text, p_sid uuid, p_uid uuid)
RETURNS TABLE (company_id uuid, sub_domain text, name text, company_enabled boolean, session_found boolean,
               revoked_at timestamptz, expires_at timestamptz, user_roles text[], membership_id uuid,
               membership_enabled boolean, membership_roles text[])
-- VOLATILE: it changes a setting (for its own query, then back).
LANGUAGE plpgsql VOLATILE AS $$
DECLARE prev text := coalesce(current_setting('app.scope', true), '');
BEGIN
  PERFORM set_config('app.scope', 'system', true);
  RETURN QUERY
  SELECT c.id, c.sub_domain, c.name, c.enabled, s.id IS NOT NULL, s.revoked_at, s.expires_at, u.roles,
         m.id, m.enabled, m.roles
    FROM (SELECT 1) one
    LEFT JOIN companies c ON c.sub_domain = p_label
    LEFT JOIN sessions s ON s.id = p_sid AND s.user_id = p_uid
    LEFT JOIN users u ON u.id = s.user_id
    LEFT JOIN memberships m ON m.user_id = s.user_id AND m.company_id = c.id;
  PERFORM set_config('app.scope', prev, true);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_request_context(text, uuid, uuid) FROM PUBLIC;
