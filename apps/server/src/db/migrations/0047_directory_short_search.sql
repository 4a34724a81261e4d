-- A directory search of one or two letters (no trigram) that matched few people took a second at
-- 100,000 members: the job-title branch's exclusion of those the first branch already answered,
-- `strpos(search_text, frag) = 0`, was estimated as rare (0.5 %) when it holds for nearly everyone,
-- so the planner started from every member_search row and looked up its membership and record
-- (100,000 pairs of probes: 815 ms for "zq", which nobody matches). The job titles that match are
-- now found first, on the company's records alone (a materialized CTE: the planner cannot turn it
-- around), and only they are joined. Evaluated only when the first branch did not fill p_limit.
-- The three-letter branch (trigram indexes) is unchanged.
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
      WITH titled AS MATERIALIZED (
        SELECT e.user_id FROM employees e
         WHERE e.company_id = p_company AND e.job_title IS NOT NULL AND strpos(lower(e.job_title), frag) > 0
      )
      SELECT x.id FROM (
        SELECT s.membership_id AS id FROM member_search s
         WHERE s.company_id = p_company AND strpos(s.search_text, frag) > 0
        UNION ALL
        SELECT m.id FROM titled t
          JOIN memberships m ON m.company_id = p_company AND m.user_id = t.user_id
          JOIN member_search s ON s.membership_id = m.id
         WHERE strpos(s.search_text, frag) = 0) x
       LIMIT p_limit;
  END IF;
END $$;
