-- hand-written
-- A policy-wide change of the policy figures' series (decision 031, amended): a publication that
-- needs acknowledgement, a version changed or removed, a policy's audience, due days or archiving.
-- Migration 0043 re-derived every member for the policy in the statement that made the change:
-- 9-12 s at 100,000 members, holding the policy's row meanwhile, where issue 11 asks a publication
-- needing re-acknowledgement by 100,000 people to take at most 5 s and to stall nothing (it took
-- ~300 ms before the series). Now a company of up to stats_policy_inline_max() members is still
-- re-derived in the statement (its figures exact at commit, ~0.1 ms a person); a larger one gets a
-- durable job (`stats.policy_series`, enqueued in the same transaction) that re-derives the members
-- in parts of 2,000 people (POLICY_SERIES_PART), each part a transaction of its own that takes those
-- people's rows as a person's refresh does (acknowledgements, clock-ins and member changes of the
-- others go on; theirs wait for one part at most). Until the last part, Stats shows the policy's
-- figures from before the change for the people not re-derived yet.
CREATE OR REPLACE FUNCTION stats_policy_inline_max() RETURNS int LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('wac.stats_policy_inline_max', true), '')::int, 1000)
$$;
--> statement-breakpoint
-- Everyone, for these policies: now in a small company, else in a job (see above). The rebuild
-- derives everyone at its end.
CREATE OR REPLACE FUNCTION stats_policy_refresh_wide(c uuid, ps uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  inline_max int := stats_policy_inline_max();
BEGIN
  IF ps IS NULL OR cardinality(ps) = 0 OR current_setting('wac.stats_rebuild', true) = 'on' THEN RETURN; END IF;
  IF NOT (app_is_system() OR app_company_id() IS NULL OR app_company_id() = c) THEN RETURN; END IF;
  -- Outside a company's or the system's scope (a script), no job may be enqueued (row-level security).
  IF NOT (app_is_system() OR app_company_id() = c)
     OR (SELECT count(*) FROM (SELECT 1 FROM stats_member_scopes WHERE company_id = c LIMIT inline_max + 1) x) <= inline_max THEN
    PERFORM stats_policy_refresh(c, NULL, ps);
    RETURN;
  END IF;
  -- One job per transaction and set of policies (a publication updates the version, then the policy).
  INSERT INTO jobs (type, company_id, key, payload, max_attempts)
  VALUES ('stats.policy_series', c,
          'stats.policy_series:' || c || ':' || txid_current() || ':'
            || md5((SELECT string_agg(p::text, ',' ORDER BY p) FROM unnest(ps) p)),
          jsonb_build_object('policyIds', to_jsonb(ps)), 10)
  ON CONFLICT (key) DO NOTHING;
END $$;
--> statement-breakpoint
-- One part of the job: the next n members after `after_user` (in id order)
-- re-derived for the policies, as their own refreshes do (their rows taken in id order, the policies'
-- shared); answers the last one, or null once there is nobody left.
CREATE OR REPLACE FUNCTION stats_policy_refresh_part(c uuid, ps uuid[], after_user uuid, n int) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET jit = off AS $$
DECLARE
  us uuid[];
BEGIN
  IF NOT (app_is_system() OR app_company_id() = c) THEN RETURN NULL; END IF;
  SELECT array_agg(user_id ORDER BY user_id) INTO us
    FROM (SELECT user_id FROM stats_member_scopes WHERE company_id = c AND user_id > after_user
           ORDER BY user_id LIMIT n) x;
  IF us IS NULL THEN RETURN NULL; END IF;
  PERFORM stats_policy_refresh(c, us, ps);
  RETURN us[cardinality(us)];
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_policy_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  r record;
BEGIN
  IF TG_TABLE_NAME = 'policy_acknowledgements' THEN
    FOR r IN SELECT company_id, array_agg(DISTINCT user_id) AS us, array_agg(DISTINCT policy_id) AS ps
               FROM new_rows GROUP BY company_id ORDER BY company_id LOOP
      PERFORM stats_policy_refresh(r.company_id, r.us, r.ps);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    FOR r IN SELECT n.company_id, array_agg(DISTINCT n.user_id) AS us
               FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE n.enabled IS DISTINCT FROM o.enabled GROUP BY n.company_id ORDER BY n.company_id LOOP
      PERFORM stats_policy_refresh(r.company_id, r.us, NULL);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'policies' AND TG_OP = 'DELETE' THEN
    FOR r IN SELECT company_id, array_agg(DISTINCT id) AS ps FROM old_rows GROUP BY company_id ORDER BY company_id LOOP
      PERFORM stats_policy_refresh(r.company_id, NULL, r.ps);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'policies' THEN
    FOR r IN SELECT n.company_id, array_agg(DISTINCT n.id) AS ps FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE (n.due_days, n.archived_at, n.audience_all, n.audience_team_ids, n.audience_department_ids)
                    IS DISTINCT FROM (o.due_days, o.archived_at, o.audience_all, o.audience_team_ids, o.audience_department_ids)
              GROUP BY n.company_id ORDER BY n.company_id LOOP
      PERFORM stats_policy_refresh_wide(r.company_id, r.ps);
    END LOOP;
  ELSE
    -- policy_versions: only versions that are (or were) published and need acknowledgement count.
    FOR r IN EXECUTE format(
        'SELECT company_id, array_agg(DISTINCT policy_id) AS ps FROM ((%1$s EXCEPT %2$s) UNION ALL (%2$s EXCEPT %1$s)) x
          GROUP BY company_id ORDER BY company_id',
        CASE WHEN TG_OP = 'DELETE' THEN 'SELECT NULL::uuid AS company_id, NULL::uuid AS policy_id, NULL::int AS number, NULL::timestamptz AS published_at WHERE false'
             ELSE 'SELECT company_id, policy_id, number, published_at FROM new_rows WHERE state = ''published'' AND requires_ack' END,
        CASE WHEN TG_OP = 'INSERT' THEN 'SELECT NULL::uuid, NULL::uuid, NULL::int, NULL::timestamptz WHERE false'
             ELSE 'SELECT company_id, policy_id, number, published_at FROM old_rows WHERE state = ''published'' AND requires_ack' END) LOOP
      PERFORM stats_policy_refresh_wide(r.company_id, r.ps);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statistics for the planner on the series of migration 0043, whose backfill wrote every company's
-- rows at once: a person's take-back planned for the empty tables they were last analysed as reads
-- the whole table per person (minutes for a statement of 50,000 acknowledgements, 6.5 s analysed;
-- bench/RESULTS.md). Autovacuum would do it too, within a minute or so.
ANALYZE stats_policy_member_changes, stats_scope_policy_changes;
