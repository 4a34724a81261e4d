-- hand-written
-- An ended employment (end date before the company's today, in its time zone) leaves every policy's
-- audience, as it leaves the directory, the manager chain and the certification lists: it is not
-- assigned, not outstanding, not overdue and not reminded; its acknowledgements stay (they are the
-- record). The functions are those of migration 0020 with that rule added:
-- - policy_assignees_sync leaves out people whose employment ended before the company's today;
-- - policy_people_track also follows a record's end date (set, moved or cleared);
-- - policy_ended_sync(c), run by the daily job `policy.employment-ended` just after the company's
--   midnight, takes out those whose end date has just passed (nothing changes in a row on that day,
--   so no trigger can); it syncs every ended person still assigned, so a day the job missed is caught
--   up by the next run.
CREATE OR REPLACE FUNCTION policy_assignees_sync(c uuid, pid uuid, users uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  today date;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM policies p WHERE p.company_id = c AND (pid IS NULL OR p.id = pid)) THEN RETURN; END IF;
  SELECT (now() AT TIME ZONE co.time_zone)::date INTO today FROM companies co WHERE co.id = c;
  -- A long list of people is cheaper as "everyone" than as `= ANY` per row.
  IF users IS NOT NULL AND cardinality(users) > 1000 THEN users := NULL; END IF;
  WITH want AS MATERIALIZED (
    SELECT w.policy_id, w.user_id, w.sort_name, w.joined_at,
           coalesce((SELECT max(k.version_number) FROM policy_acknowledgements k
                      WHERE k.company_id = c AND k.policy_id = w.policy_id AND k.user_id = w.user_id), 0) AS acked
      FROM (SELECT p.id AS policy_id, m.user_id, m.sort_name, m.created_at AS joined_at
              FROM policies p
              JOIN memberships m ON m.company_id = p.company_id AND m.enabled
             WHERE p.company_id = c AND (pid IS NULL OR p.id = pid) AND (users IS NULL OR m.user_id = ANY (users))
               AND NOT EXISTS (SELECT 1 FROM employees x WHERE x.company_id = c AND x.user_id = m.user_id
                                 AND x.end_date < today)
               AND (p.audience_all
                 OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = c AND tm.user_id = m.user_id
                              AND tm.team_id = ANY (p.audience_team_ids))
                 OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = c AND e.user_id = m.user_id
                              AND e.department_id = ANY (p.audience_department_ids)))) w),
  gone AS (
    DELETE FROM policy_assignees a
     WHERE a.company_id = c AND (pid IS NULL OR a.policy_id = pid) AND (users IS NULL OR a.user_id = ANY (users))
       AND NOT EXISTS (SELECT 1 FROM want w WHERE w.policy_id = a.policy_id AND w.user_id = a.user_id)
    RETURNING 1)
  INSERT INTO policy_assignees AS a (company_id, policy_id, user_id, sort_name, joined_at, acked_number)
  SELECT c, w.policy_id, w.user_id, w.sort_name, w.joined_at, w.acked FROM want w
   WHERE NOT EXISTS (SELECT 1 FROM policy_assignees x
                      WHERE x.company_id = c AND x.policy_id = w.policy_id AND x.user_id = w.user_id
                        AND x.sort_name = w.sort_name AND x.joined_at = w.joined_at AND x.acked_number = w.acked)
   ORDER BY w.policy_id, w.user_id
  ON CONFLICT (company_id, policy_id, user_id) DO UPDATE
    SET sort_name = EXCLUDED.sort_name, joined_at = EXCLUDED.joined_at, acked_number = EXCLUDED.acked_number;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION policy_people_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cs uuid[];
  us uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM old_rows;
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    SELECT array_agg(c), array_agg(u) INTO cs, us FROM (
      SELECT n.company_id c, n.user_id u FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.enabled, n.created_at, n.sort_name, n.user_id, n.company_id)
             IS DISTINCT FROM (o.enabled, o.created_at, o.sort_name, o.user_id, o.company_id)
      UNION ALL SELECT o.company_id, o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.user_id, n.company_id) IS DISTINCT FROM (o.user_id, o.company_id)) t;
  ELSIF TG_TABLE_NAME = 'employees' THEN
    SELECT array_agg(c), array_agg(u) INTO cs, us FROM (
      SELECT n.company_id c, n.user_id u FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.department_id, n.end_date, n.user_id, n.company_id)
             IS DISTINCT FROM (o.department_id, o.end_date, o.user_id, o.company_id)
      UNION ALL SELECT o.company_id, o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.department_id, n.end_date, n.user_id, n.company_id)
             IS DISTINCT FROM (o.department_id, o.end_date, o.user_id, o.company_id)) t;
  ELSE
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us
      FROM (SELECT company_id, user_id FROM new_rows UNION SELECT company_id, user_id FROM old_rows) t;
  END IF;
  IF cs IS NOT NULL THEN PERFORM policy_people_sync(cs, us); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Takes out of every policy of company `c` the people whose employment has ended by its today and
-- who are still assigned; returns how many.
CREATE OR REPLACE FUNCTION policy_ended_sync(c uuid) RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  users uuid[];
BEGIN
  SELECT array_agg(e.user_id ORDER BY e.user_id) INTO users
    FROM employees e JOIN companies co ON co.id = e.company_id
   WHERE e.company_id = c AND e.end_date < (now() AT TIME ZONE co.time_zone)::date
     AND EXISTS (SELECT 1 FROM policy_assignees a WHERE a.company_id = c AND a.user_id = e.user_id);
  IF users IS NULL THEN RETURN 0; END IF;
  PERFORM policy_assignees_sync(c, NULL, users);
  RETURN cardinality(users);
END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION policy_ended_sync(uuid) TO wac_app;
--> statement-breakpoint
-- The employments that ended before this migration leave now.
SELECT policy_ended_sync(id) FROM companies;
