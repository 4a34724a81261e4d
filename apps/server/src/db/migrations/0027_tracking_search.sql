-- A policy's tracking list searched (issue 11): the first p_limit memberships whose name or email
-- contains the fragment, through member_search's trigram index, for the scope's own company only
-- (like member_search_ids, whose every match it would otherwise read: 11,112 for "number 1" at
-- 100,000 people). Past p_limit the list walks its people in name order and tests each instead.
CREATE OR REPLACE FUNCTION member_search_first(p_company uuid, p_fragment text, p_limit int) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 500 AS $$
DECLARE
  frag text := lower(p_fragment);
  pattern text := '%' || replace(replace(replace(lower(p_fragment), '\', '\\'), '%', '\%'), '_', '\_') || '%';
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  IF length(frag) >= 3 THEN
    -- Dynamic, so the pattern is planned with its value and its trigrams reach the index.
    RETURN QUERY EXECUTE
      'SELECT s.membership_id FROM member_search s WHERE s.company_id = $1 AND s.search_text LIKE $2 LIMIT $3'
    USING p_company, pattern, p_limit;
  ELSE
    -- One or two letters have no trigram: the company's rows and a substring test.
    RETURN QUERY
      SELECT s.membership_id FROM member_search s
       WHERE s.company_id = p_company AND strpos(s.search_text, frag) > 0
       LIMIT p_limit;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION member_search_first(uuid, text, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION member_search_first(uuid, text, int) TO wac_app;
