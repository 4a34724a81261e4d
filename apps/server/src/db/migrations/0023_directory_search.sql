-- The directory's search (issue 9): name and email through member_search's trigram index, job title
-- through a trigram index of its own. A LIKE on a table under row-level security cannot use an
-- index, so, like member_search_ids, the search is a SECURITY DEFINER function that answers the
-- scope's own company only and returns membership ids for the caller to join under its policy.
CREATE INDEX employees_company_title_trgm ON employees USING gin (company_id, lower(job_title) gin_trgm_ops)
  WHERE job_title IS NOT NULL;
--> statement-breakpoint
-- The first p_limit matches (NULL: all), each once: a membership whose name or email matches comes
-- from the first branch; the second adds those matched by their job title alone. UNION ALL, so the
-- scan stops at p_limit (a UNION would read every match to remove duplicates first).
CREATE OR REPLACE FUNCTION directory_search_ids(p_company uuid, p_fragment text, p_limit int) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 500 AS $$
DECLARE
  frag text := lower(p_fragment);
  pattern text := '%' || replace(replace(replace(lower(p_fragment), '\', '\\'), '%', '\%'), '_', '\_') || '%';
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  IF length(frag) >= 3 THEN
    -- Dynamic, so the pattern is planned with its value and its trigrams reach the indexes.
    RETURN QUERY EXECUTE
      'SELECT s.membership_id FROM member_search s WHERE s.company_id = $1 AND s.search_text LIKE $2
       UNION ALL
       SELECT m.id FROM employees e JOIN memberships m ON m.company_id = e.company_id AND m.user_id = e.user_id
         JOIN member_search s ON s.membership_id = m.id
        WHERE e.company_id = $1 AND lower(e.job_title) LIKE $2 AND e.job_title IS NOT NULL
          AND s.search_text NOT LIKE $2
       LIMIT $3'
    USING p_company, pattern, p_limit;
  ELSE
    -- One or two letters have no trigram: the company's rows and a substring test.
    RETURN QUERY
      SELECT x.id FROM (
        SELECT s.membership_id AS id FROM member_search s
         WHERE s.company_id = p_company AND strpos(s.search_text, frag) > 0
        UNION ALL
        SELECT m.id FROM employees e JOIN memberships m ON m.company_id = e.company_id AND m.user_id = e.user_id
          JOIN member_search s ON s.membership_id = m.id
         WHERE e.company_id = p_company AND strpos(lower(e.job_title), frag) > 0
           AND strpos(s.search_text, frag) = 0) x
       LIMIT p_limit;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION directory_search_ids(uuid, text, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION directory_search_ids(uuid, text, int) TO wac_app;
