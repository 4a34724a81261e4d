CREATE TABLE "stats_policy_member_changes" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"day" date NOT NULL,
	"assigned" smallint NOT NULL,
	"acknowledged" smallint NOT NULL,
	"overdue" smallint NOT NULL,
	CONSTRAINT "stats_policy_member_changes_pkey" PRIMARY KEY("company_id","user_id","policy_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_scope_policy_changes" (
	"company_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"day" date NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"acknowledged" integer DEFAULT 0 NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_scope_policy_changes_pkey" PRIMARY KEY("company_id","scope_id","policy_id","day")
);
--> statement-breakpoint
ALTER TABLE "stats_policy_member_changes" ADD CONSTRAINT "stats_policy_member_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_scope_policy_changes" ADD CONSTRAINT "stats_scope_policy_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Stats' policy figures as a series (docs/decisions/031-stats-policy-series.md). A person's figures
-- for a policy at the end of a company day d (docs/stats.md: assigned, acknowledged, overdue) can
-- change only on the days an instant they depend on falls in: the membership's start, the day after
-- the employment's end date, the policy's archiving, each publication of a version that needs
-- acknowledgement, each due instant, each acknowledgement. The figures are evaluated by their
-- definition at those days alone and stored as the changes between them, per person
-- (`stats_policy_member_changes`) and summed per scope (`stats_scope_policy_changes`); a figure at
-- any day's end is the running sum of its scope's changes up to that day. Every write that can move
-- a person's figures re-derives them: what was added is taken back, then the new changes added.
REVOKE INSERT, UPDATE, DELETE ON stats_policy_member_changes, stats_scope_policy_changes FROM wac_app;
--> statement-breakpoint
ALTER TABLE stats_policy_member_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_policy_member_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_policy_member_changes_scope ON stats_policy_member_changes
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE stats_scope_policy_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_scope_policy_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_scope_policy_changes_scope ON stats_scope_policy_changes
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- The people are always named (`us`, never null: a policy-wide refresh names every member), so each
-- statement finds them by key whatever plan it gets; a SQL function's statements are planned without
-- the arguments' values, where "us IS NULL OR user_id = ANY (us)" would read the whole company for
-- one person.
-- Takes back what the people `us` added for the policies `ps` (null: every one), in
-- the scopes they count in now (stats_member_scopes, read before a refresh replaces it).
CREATE OR REPLACE FUNCTION stats_policy_take_back(c uuid, us uuid[], ps uuid[]) RETURNS void
LANGUAGE sql AS $$
  -- A policy-wide refresh holds its policies' rows (stats_policy_refresh): a person's refresh of the
  -- same policies waits for it here.
  SELECT 1 FROM policies WHERE company_id = c AND (ps IS NULL OR id = ANY (ps)) ORDER BY id FOR SHARE;
  WITH gone AS (
    DELETE FROM stats_policy_member_changes g
     WHERE g.company_id = c AND g.user_id = ANY (us) AND (ps IS NULL OR g.policy_id = ANY (ps))
    RETURNING g.*)
  -- Summed per set of scopes first (people of one team and department share one), then per scope:
  -- a policy-wide refresh unnests ~1,000 sets instead of 100,000 people's.
  , per AS (
    SELECT m.scopes, g.policy_id, g.day, sum(g.assigned) AS a, sum(g.acknowledged) AS k, sum(g.overdue) AS o
      FROM gone g JOIN stats_member_scopes m ON m.company_id = c AND m.user_id = g.user_id
     GROUP BY 1, 2, 3)
  INSERT INTO stats_scope_policy_changes AS s (company_id, scope_id, policy_id, day, assigned, acknowledged, overdue)
  SELECT c, x.sc, p.policy_id, p.day, -sum(p.a), -sum(p.k), -sum(p.o)
    FROM per p CROSS JOIN LATERAL unnest(p.scopes) AS x(sc)
   GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT (company_id, scope_id, policy_id, day) DO UPDATE
    SET assigned = s.assigned + EXCLUDED.assigned, acknowledged = s.acknowledged + EXCLUDED.acknowledged,
        overdue = s.overdue + EXCLUDED.overdue;
$$;
--> statement-breakpoint
-- Derives and adds the changes of the people `us` for the policies `ps` (null:
-- every one): the definition of the figures (the point-in-time statement of
-- stats-compliance.repository.ts) evaluated at the end of each day on which one of its instants
-- falls, in the company's zone, and the difference to the day before kept where it is not zero.
CREATE OR REPLACE FUNCTION stats_policy_derive(c uuid, us uuid[], ps uuid[]) RETURNS void
LANGUAGE sql SET jit = off AS $$
  WITH co AS MATERIALIZED (SELECT time_zone AS tz FROM companies WHERE id = c),
  pol AS MATERIALIZED (
    SELECT p.id, p.due_days, p.archived_at, p.audience_all, p.audience_team_ids, p.audience_department_ids
      FROM policies p
     WHERE p.company_id = c AND (ps IS NULL OR p.id = ANY (ps))
       AND EXISTS (SELECT 1 FROM policy_versions v WHERE v.company_id = c AND v.policy_id = p.id
                      AND v.state = 'published' AND v.requires_ack)),
  ver AS MATERIALIZED (
    SELECT v.policy_id, v.number, v.published_at FROM policy_versions v JOIN pol ON pol.id = v.policy_id
     WHERE v.company_id = c AND v.state = 'published' AND v.requires_ack),
  pairs AS MATERIALIZED (
    SELECT m.user_id, m.created_at, e.end_date, pol.id AS policy_id, pol.due_days, pol.archived_at, sc.scopes
      FROM memberships m CROSS JOIN pol
      JOIN stats_member_scopes sc ON sc.company_id = c AND sc.user_id = m.user_id
      LEFT JOIN employees e ON e.company_id = c AND e.user_id = m.user_id
     WHERE m.company_id = c AND m.enabled AND m.user_id = ANY (us)
       AND (pol.audience_all
            OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = c AND tm.user_id = m.user_id
                          AND tm.team_id = ANY (pol.audience_team_ids))
            OR e.department_id = ANY (pol.audience_department_ids))),
  -- Each day something happens to a pair, with the version acknowledged or published that day. An
  -- instant t is before the end of company day d exactly when its company day is d or earlier, so
  -- "acknowledged (published) before the end of d" is a running maximum over the days.
  ev AS (
    SELECT pr.user_id, pr.policy_id, (pr.created_at AT TIME ZONE co.tz)::date AS day, NULL::int AS acked, NULL::int AS published
      FROM pairs pr, co
    UNION ALL SELECT pr.user_id, pr.policy_id, pr.end_date + 1, NULL, NULL FROM pairs pr WHERE pr.end_date IS NOT NULL
    UNION ALL SELECT pr.user_id, pr.policy_id, (pr.archived_at AT TIME ZONE co.tz)::date, NULL, NULL FROM pairs pr, co
               WHERE pr.archived_at IS NOT NULL
    UNION ALL SELECT pr.user_id, pr.policy_id, (v.published_at AT TIME ZONE co.tz)::date, NULL, v.number
                FROM pairs pr JOIN ver v ON v.policy_id = pr.policy_id, co
    UNION ALL SELECT pr.user_id, pr.policy_id,
                     ((greatest(v.published_at, pr.created_at) + make_interval(days => pr.due_days)) AT TIME ZONE co.tz)::date, NULL, NULL
                FROM pairs pr JOIN ver v ON v.policy_id = pr.policy_id, co
    UNION ALL SELECT pr.user_id, pr.policy_id, (a.acknowledged_at AT TIME ZONE co.tz)::date, a.version_number, NULL
                FROM pairs pr JOIN policy_acknowledgements a
                  ON a.company_id = c AND a.policy_id = pr.policy_id AND a.user_id = pr.user_id, co),
  bp AS (
    SELECT user_id, policy_id, day, max(acked) AS acked, max(published) AS published FROM ev GROUP BY 1, 2, 3),
  run AS (
    SELECT user_id, policy_id, day, max(acked) OVER w AS acked, max(published) OVER w AS published
      FROM bp WINDOW w AS (PARTITION BY user_id, policy_id ORDER BY day ROWS UNBOUNDED PRECEDING)),
  st AS (
    SELECT b.user_id, b.policy_id, b.day, pr.scopes,
           r.number IS NOT NULL AND pr.created_at < cut.e AND NOT coalesce(pr.end_date < b.day, false) AS inn,
           coalesce(b.acked >= r.number, false) AS done,
           coalesce(greatest(r.published_at, pr.created_at) + make_interval(days => pr.due_days) < cut.e, false) AS due
      FROM run b JOIN pairs pr ON pr.user_id = b.user_id AND pr.policy_id = b.policy_id CROSS JOIN co
      CROSS JOIN LATERAL (SELECT ((b.day + 1)::timestamp AT TIME ZONE co.tz) AS e) cut
      -- The version to acknowledge: the latest published by the end of the day, unless archived by then.
      LEFT JOIN ver r ON r.policy_id = b.policy_id AND r.number = b.published
                     AND (pr.archived_at IS NULL OR pr.archived_at >= cut.e)),
  val AS (
    SELECT user_id, policy_id, day, scopes, inn::int AS a, (inn AND done)::int AS k, (inn AND NOT done AND due)::int AS o
      FROM st),
  delta AS (
    SELECT user_id, policy_id, day, scopes,
           a - coalesce(lag(a) OVER w, 0) AS da, k - coalesce(lag(k) OVER w, 0) AS dk, o - coalesce(lag(o) OVER w, 0) AS dov
      FROM val WINDOW w AS (PARTITION BY user_id, policy_id ORDER BY day)),
  fresh AS (
    INSERT INTO stats_policy_member_changes (company_id, user_id, policy_id, day, assigned, acknowledged, overdue)
    SELECT c, user_id, policy_id, day, da, dk, dov FROM delta WHERE da <> 0 OR dk <> 0 OR dov <> 0
    ORDER BY user_id, policy_id, day),
  -- The rows `fresh` writes (a data-modifying CTE always runs whole), summed per set of scopes,
  -- carried from the pairs: no look-up per row.
  per AS (
    SELECT d.scopes, d.policy_id, d.day, sum(d.da) AS a, sum(d.dk) AS k, sum(d.dov) AS o
      FROM delta d WHERE d.da <> 0 OR d.dk <> 0 OR d.dov <> 0
     GROUP BY 1, 2, 3)
  INSERT INTO stats_scope_policy_changes AS s (company_id, scope_id, policy_id, day, assigned, acknowledged, overdue)
  SELECT c, x.sc, p.policy_id, p.day, sum(p.a), sum(p.k), sum(p.o)
    FROM per p CROSS JOIN LATERAL unnest(p.scopes) AS x(sc)
   GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT (company_id, scope_id, policy_id, day) DO UPDATE
    SET assigned = s.assigned + EXCLUDED.assigned, acknowledged = s.acknowledged + EXCLUDED.acknowledged,
        overdue = s.overdue + EXCLUDED.overdue;
$$;
--> statement-breakpoint
-- Re-derives the people `us` (null: every member) for the policies `ps` (null: every one). Two
-- changes of one person queue on their stats_member_scopes row, as in stats_member_refresh (the
-- same row, taken in the same order), so the second takes back what the first committed. A
-- policy-wide refresh (us null: a publication, an audience change) holds its policies' rows instead,
-- which every person's refresh takes shared before it takes back (stats_policy_take_back): it does
-- not hold the people's rows, so a clock-in (stats_member_refresh) does not wait for it.
CREATE OR REPLACE FUNCTION stats_policy_refresh(c uuid, us uuid[], ps uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET jit = off AS $$
BEGIN
  IF (us IS NOT NULL AND cardinality(us) = 0) OR (ps IS NOT NULL AND cardinality(ps) = 0)
     OR NOT EXISTS (SELECT 1 FROM companies WHERE id = c) THEN RETURN; END IF;
  IF NOT (app_is_system() OR app_company_id() IS NULL OR app_company_id() = c) THEN RETURN; END IF;
  -- The rebuild derives everyone at its end (stats_policy_rebuild).
  IF current_setting('wac.stats_rebuild', true) = 'on' THEN RETURN; END IF;
  IF us IS NULL THEN
    -- The policies' rows first, as the statement that publishes is about to take them (it updates the
    -- policy next). An acknowledgement or a member's change takes them shared (in the Policies
    -- screens' counters, then in stats_policy_take_back), so the two queue on the policy.
    PERFORM 1 FROM policies WHERE company_id = c AND (ps IS NULL OR id = ANY (ps)) ORDER BY id FOR NO KEY UPDATE;
    SELECT array_agg(user_id ORDER BY user_id) INTO us FROM stats_member_scopes WHERE company_id = c;
    IF us IS NULL THEN RETURN; END IF;
  ELSE
    PERFORM 1 FROM stats_member_scopes WHERE company_id = c AND user_id = ANY (us) ORDER BY user_id FOR UPDATE;
  END IF;
  PERFORM stats_policy_take_back(c, us, ps);
  PERFORM stats_policy_derive(c, us, ps);
END $$;
--> statement-breakpoint
-- The rebuild's step (`npm run stats:rebuild`): every member and policy of the company from scratch.
CREATE OR REPLACE FUNCTION stats_policy_rebuild(c uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET jit = off AS $$
DECLARE
  us uuid[];
BEGIN
  IF (c = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  -- Every person's row (no person's refresh runs meanwhile), then every policy's, shared (no
  -- policy-wide refresh runs meanwhile). Shared, as a person's refresh takes them: an acknowledgement
  -- that holds a policy's row and waits for its person's would otherwise deadlock with the rebuild.
  SELECT array_agg(user_id ORDER BY user_id) INTO us
    FROM (SELECT user_id FROM stats_member_scopes WHERE company_id = c ORDER BY user_id FOR UPDATE) x;
  PERFORM 1 FROM policies WHERE company_id = c ORDER BY id FOR SHARE;
  DELETE FROM stats_scope_policy_changes WHERE company_id = c;
  DELETE FROM stats_policy_member_changes WHERE company_id = c;
  IF us IS NOT NULL THEN PERFORM stats_policy_derive(c, us, NULL); END IF;
END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION stats_policy_rebuild(uuid) TO wac_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_aggregates_reset(c uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (c = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  DELETE FROM stats_scope_days WHERE company_id = c;
  DELETE FROM stats_scope_spans WHERE company_id = c;
  DELETE FROM stats_member_facts WHERE company_id = c;
  DELETE FROM stats_member_segments WHERE company_id = c;
  DELETE FROM stats_member_scopes WHERE company_id = c;
  DELETE FROM stats_member_time_off WHERE company_id = c;
  DELETE FROM stats_scope_policy_changes WHERE company_id = c;
  DELETE FROM stats_policy_member_changes WHERE company_id = c;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stats_policy_take_back(uuid, uuid[], uuid[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stats_policy_derive(uuid, uuid[], uuid[]) FROM PUBLIC;
--> statement-breakpoint
-- Who a person is for the figures changed (membership made, employee record, team, time zone): the
-- member refresh of migration 0036 re-derives their policy changes too, in the same place as their
-- employment spans (taken back in the scopes they had, added in the ones they have now).
CREATE OR REPLACE FUNCTION stats_member_refresh(c uuid, us uuid[], d0 date, d1 date, whole boolean, sums boolean DEFAULT true) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET jit = off AS $$
BEGIN
  IF us IS NULL OR cardinality(us) = 0 OR NOT EXISTS (SELECT 1 FROM companies WHERE id = c) THEN RETURN; END IF;
  -- Only for the request's own company (or the system scope, or no scope at all: the migration).
  IF NOT (app_is_system() OR app_company_id() IS NULL OR app_company_id() = c) THEN RETURN; END IF;
  IF whole THEN d0 := '-infinity'; d1 := 'infinity'; END IF;
  -- Two changes of one person queue here (a clock-in and a team change, say): the second takes back
  -- what the first committed.
  PERFORM 1 FROM stats_member_scopes WHERE company_id = c AND user_id = ANY (us) ORDER BY user_id FOR UPDATE;
  IF NOT sums THEN
    DELETE FROM stats_member_facts f WHERE f.company_id = c AND f.user_id = ANY (us) AND f.day BETWEEN d0 AND d1;
  ELSE
  WITH gone AS (
      DELETE FROM stats_member_facts f WHERE f.company_id = c AND f.user_id = ANY (us) AND f.day BETWEEN d0 AND d1 RETURNING f.*)
    INSERT INTO stats_scope_days AS s (company_id, scope_id, day, schedule_key, shard, came, present, late, worked_seconds, overtime_seconds, away)
    SELECT c, sc, g.day, g.schedule_key, stats_shard(g.user_id, g.day),
           -count(*) FILTER (WHERE g.came), -count(*) FILTER (WHERE g.present), -count(*) FILTER (WHERE g.late),
           -sum(g.worked_seconds), -sum(g.overtime_seconds), -count(*) FILTER (WHERE g.away)
      FROM gone g CROSS JOIN LATERAL (SELECT unnest(m.scopes) AS sc FROM stats_member_scopes m
                                       WHERE m.company_id = c AND m.user_id = g.user_id) x
     GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
    ON CONFLICT (company_id, scope_id, day, schedule_key, shard) DO UPDATE
      SET came = s.came + EXCLUDED.came, present = s.present + EXCLUDED.present, late = s.late + EXCLUDED.late,
          worked_seconds = s.worked_seconds + EXCLUDED.worked_seconds,
          overtime_seconds = s.overtime_seconds + EXCLUDED.overtime_seconds, away = s.away + EXCLUDED.away;
  END IF;
  IF whole THEN
    IF sums THEN
      PERFORM stats_spans_apply(c, us, -1);
      PERFORM stats_policy_take_back(c, us, NULL);
    END IF;
    DELETE FROM stats_member_segments WHERE company_id = c AND user_id = ANY (us);
    DELETE FROM stats_member_scopes WHERE company_id = c AND user_id = ANY (us);
    INSERT INTO stats_member_scopes (company_id, user_id, scopes, start_day, end_day)
    SELECT c, m.user_id,
           ARRAY['00000000-0000-0000-0000-000000000000'::uuid]
             || coalesce((SELECT array_agg(tm.team_id ORDER BY tm.team_id) FROM team_members tm
                           WHERE tm.company_id = c AND tm.user_id = m.user_id), '{}'::uuid[])
             || CASE WHEN e.department_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[e.department_id]
                  || coalesce((SELECT array_agg(stats_pair_scope(tm.team_id, e.department_id) ORDER BY tm.team_id) FROM team_members tm
                                WHERE tm.company_id = c AND tm.user_id = m.user_id), '{}'::uuid[]) END,
           coalesce(e.start_date, (m.created_at AT TIME ZONE co.time_zone)::date), e.end_date
      FROM memberships m JOIN companies co ON co.id = m.company_id
      LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
     WHERE m.company_id = c AND m.user_id = ANY (us);
    INSERT INTO stats_member_segments (company_id, user_id, from_day, to_day, schedule_key)
    SELECT c, b.user_id, b.day, coalesce(lead(b.day) OVER w - 1, b.end_day), b.k
      FROM (SELECT m.user_id, m.start_day AS day, m.end_day,
                   coalesce((SELECT a.schedule_id FROM schedule_assignments a
                              WHERE a.company_id = c AND a.user_id = m.user_id AND a.effective_from <= m.start_day
                              ORDER BY a.effective_from DESC LIMIT 1), '00000000-0000-0000-0000-000000000000'::uuid) AS k
              FROM stats_member_scopes m
             WHERE m.company_id = c AND m.user_id = ANY (us) AND (m.end_day IS NULL OR m.end_day >= m.start_day)
            UNION ALL
            SELECT m.user_id, a.effective_from, m.end_day, a.schedule_id
              FROM stats_member_scopes m JOIN schedule_assignments a ON a.company_id = c AND a.user_id = m.user_id
             WHERE m.company_id = c AND m.user_id = ANY (us) AND a.effective_from > m.start_day
               AND (m.end_day IS NULL OR a.effective_from <= m.end_day)) b
    WINDOW w AS (PARTITION BY b.user_id ORDER BY b.day);
    IF sums THEN
      PERFORM stats_spans_apply(c, us, 1);
      PERFORM stats_policy_derive(c, us, NULL);
    END IF;
  END IF;
  IF NOT sums THEN
    INSERT INTO stats_member_facts (company_id, user_id, day, schedule_key, came, present, late, worked_seconds, overtime_seconds, away)
    SELECT c, j.* FROM stats_judge(c, us, d0, d1) j;
    RETURN;
  END IF;
  WITH fresh AS (
    INSERT INTO stats_member_facts (company_id, user_id, day, schedule_key, came, present, late, worked_seconds, overtime_seconds, away)
    SELECT c, j.* FROM stats_judge(c, us, d0, d1) j
    RETURNING *)
  INSERT INTO stats_scope_days AS s (company_id, scope_id, day, schedule_key, shard, came, present, late, worked_seconds, overtime_seconds, away)
  SELECT c, sc, g.day, g.schedule_key, stats_shard(g.user_id, g.day),
         count(*) FILTER (WHERE g.came), count(*) FILTER (WHERE g.present), count(*) FILTER (WHERE g.late),
         sum(g.worked_seconds), sum(g.overtime_seconds), count(*) FILTER (WHERE g.away)
    FROM fresh g CROSS JOIN LATERAL (SELECT unnest(m.scopes) AS sc FROM stats_member_scopes m
                                     WHERE m.company_id = c AND m.user_id = g.user_id) x
   GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
  ON CONFLICT (company_id, scope_id, day, schedule_key, shard) DO UPDATE
    SET came = s.came + EXCLUDED.came, present = s.present + EXCLUDED.present, late = s.late + EXCLUDED.late,
        worked_seconds = s.worked_seconds + EXCLUDED.worked_seconds,
        overtime_seconds = s.overtime_seconds + EXCLUDED.overtime_seconds, away = s.away + EXCLUDED.away;
END $$;
--> statement-breakpoint
-- What else moves a person's policy figures: an acknowledgement (recorded now or for the past), a
-- membership enabled or disabled, a policy's audience, due days or archiving, and a version that
-- needs acknowledgement published, changed or removed. Statement triggers, named to fire after the
-- Policies screens' own (policy_*, memberships_policy_*) and the other Stats triggers (stats_a*, stats_e*).
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
      PERFORM stats_policy_refresh(r.company_id, NULL, r.ps);
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
      PERFORM stats_policy_refresh(r.company_id, NULL, r.ps);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_policy_series_insert AFTER INSERT ON policy_acknowledgements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_policy_track();
--> statement-breakpoint
CREATE TRIGGER stats_policy_series_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_policy_track();
--> statement-breakpoint
CREATE TRIGGER stats_policy_series_update AFTER UPDATE ON policies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_policy_track();
--> statement-breakpoint
CREATE TRIGGER stats_policy_series_delete AFTER DELETE ON policies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_policy_track();
--> statement-breakpoint
CREATE TRIGGER stats_policy_series_insert AFTER INSERT ON policy_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_policy_track();
--> statement-breakpoint
CREATE TRIGGER stats_policy_series_update AFTER UPDATE ON policy_versions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_policy_track();
--> statement-breakpoint
CREATE TRIGGER stats_policy_series_delete AFTER DELETE ON policy_versions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_policy_track();
--> statement-breakpoint
-- The compliance count of migration 0035 (decision 028) kept a process's past figures; the series
-- replaces them, so nothing reads it and its triggers (a row lock on the company's count for every
-- membership, team, employee, policy and version write) go. The column stays, unread.
DROP TRIGGER IF EXISTS stats_epochs_memberships_insert ON memberships;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_memberships_update ON memberships;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_memberships_delete ON memberships;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_team_members_insert ON team_members;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_team_members_update ON team_members;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_team_members_delete ON team_members;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_employees_insert ON employees;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_employees_update ON employees;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_employees_delete ON employees;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_policies_insert ON policies;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_policies_update ON policies;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_policies_delete ON policies;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_policy_versions_insert ON policy_versions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_policy_versions_update ON policy_versions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_policy_versions_delete ON policy_versions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS stats_epochs_policy_acknowledgements_insert ON policy_acknowledgements;
--> statement-breakpoint
DROP FUNCTION IF EXISTS stats_epochs_track();
--> statement-breakpoint
-- Backfill: every member and policy of every company.
SELECT stats_policy_derive(c.id, (SELECT array_agg(m.user_id) FROM memberships m WHERE m.company_id = c.id), NULL)
  FROM companies c;
