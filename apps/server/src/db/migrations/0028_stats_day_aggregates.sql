CREATE TABLE "stats_member_facts" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"schedule_key" uuid NOT NULL,
	"came" boolean NOT NULL,
	"present" boolean NOT NULL,
	"late" boolean NOT NULL,
	"worked_seconds" integer NOT NULL,
	"overtime_seconds" integer NOT NULL,
	"away" boolean NOT NULL,
	CONSTRAINT "stats_member_facts_pkey" PRIMARY KEY("company_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_member_scopes" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scopes" uuid[] NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date,
	CONSTRAINT "stats_member_scopes_pkey" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stats_member_segments" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date,
	"schedule_key" uuid NOT NULL,
	CONSTRAINT "stats_member_segments_pkey" PRIMARY KEY("company_id","user_id","from_day")
);
--> statement-breakpoint
CREATE TABLE "stats_member_time_off" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type_id" uuid NOT NULL,
	"amount" numeric(12, 3) NOT NULL,
	CONSTRAINT "stats_member_time_off_pkey" PRIMARY KEY("company_id","user_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "stats_scope_days" (
	"company_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"day" date NOT NULL,
	"schedule_key" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"came" integer DEFAULT 0 NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"worked_seconds" bigint DEFAULT 0 NOT NULL,
	"overtime_seconds" bigint DEFAULT 0 NOT NULL,
	"away" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_scope_days_pkey" PRIMARY KEY("company_id","scope_id","day","schedule_key","shard")
);
--> statement-breakpoint
CREATE TABLE "stats_scope_spans" (
	"company_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"day" date NOT NULL,
	"schedule_key" uuid NOT NULL,
	"delta" integer DEFAULT 0 NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"left" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_scope_spans_pkey" PRIMARY KEY("company_id","scope_id","day","schedule_key")
);
--> statement-breakpoint
CREATE TABLE "stats_scope_time_off" (
	"company_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type_id" uuid NOT NULL,
	"amount" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "stats_scope_time_off_pkey" PRIMARY KEY("company_id","scope_id","day","type_id")
);
--> statement-breakpoint
ALTER TABLE "stats_member_facts" ADD CONSTRAINT "stats_member_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_member_scopes" ADD CONSTRAINT "stats_member_scopes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_member_segments" ADD CONSTRAINT "stats_member_segments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_member_time_off" ADD CONSTRAINT "stats_member_time_off_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_scope_days" ADD CONSTRAINT "stats_scope_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_scope_spans" ADD CONSTRAINT "stats_scope_spans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_scope_time_off" ADD CONSTRAINT "stats_scope_time_off_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stats_member_facts_day_idx" ON "stats_member_facts" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "stats_member_facts_key_idx" ON "stats_member_facts" USING btree ("company_id","schedule_key");--> statement-breakpoint
-- hand-written
-- The Stats answers' aggregates (docs/decisions/024-stats-day-aggregates.md): per scope (company =
-- nil uuid, team, department, team within department) and company day, kept in the same transaction
-- as the rows they derive from. Every change re-derives the people it touches: their stored
-- contribution is taken back and the new one added, so the sums cannot drift whatever the order.
REVOKE INSERT, UPDATE, DELETE ON stats_member_scopes, stats_member_segments, stats_member_facts, stats_scope_spans, stats_scope_days FROM wac_app;
--> statement-breakpoint
ALTER TABLE stats_member_scopes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_member_scopes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_member_scopes_scope ON stats_member_scopes
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE stats_member_segments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_member_segments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_member_segments_scope ON stats_member_segments
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE stats_member_facts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_member_facts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_member_facts_scope ON stats_member_facts
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE stats_scope_spans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_scope_spans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_scope_spans_scope ON stats_scope_spans
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE stats_scope_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_scope_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_scope_days_scope ON stats_scope_days
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- The scope of the people in one team and one department (both filters at once).
CREATE OR REPLACE FUNCTION stats_pair_scope(t uuid, d uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$ SELECT md5(t::text || '/' || d::text)::uuid $$;
--> statement-breakpoint
-- The shard of a day's sums: spread by user only around today (a morning burst of clock-ins); older
-- days in one row per key, so a year reads 8 times fewer rows. A row moved between shards as the
-- days pass is harmless: the answers only read the sum over the shards.
CREATE OR REPLACE FUNCTION stats_shard(u uuid, d date) RETURNS smallint
LANGUAGE sql STABLE AS $$ SELECT CASE WHEN d >= current_date - 2 THEN (hashtext(u::text) & 7) ELSE 0 END::smallint $$;
--> statement-breakpoint
-- Adds (sign 1) or takes back (sign -1) the stored employment of the people `us`: each segment
-- starts following its key on its first day and stops the day after its last; joiners on the start
-- day, leavers on the end day; in every scope of the person.
CREATE OR REPLACE FUNCTION stats_spans_apply(c uuid, us uuid[], sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO stats_scope_spans AS s (company_id, scope_id, day, schedule_key, delta, joined, "left")
  SELECT c, sc, x.day, x.k, sign * sum(x.delta), sign * sum(x.joined), sign * sum(x.lft)
    FROM (SELECT g.user_id, g.from_day AS day, g.schedule_key AS k, 1 AS delta, 0 AS joined, 0 AS lft
            FROM stats_member_segments g WHERE g.company_id = c AND g.user_id = ANY (us)
          UNION ALL
          SELECT g.user_id, g.to_day + 1, g.schedule_key, -1, 0, 0
            FROM stats_member_segments g WHERE g.company_id = c AND g.user_id = ANY (us) AND g.to_day IS NOT NULL
          UNION ALL
          SELECT m.user_id, m.start_day, '00000000-0000-0000-0000-000000000000'::uuid, 0, 1, 0
            FROM stats_member_scopes m WHERE m.company_id = c AND m.user_id = ANY (us)
          UNION ALL
          SELECT m.user_id, m.end_day, '00000000-0000-0000-0000-000000000000'::uuid, 0, 0, 1
            FROM stats_member_scopes m WHERE m.company_id = c AND m.user_id = ANY (us) AND m.end_day IS NOT NULL) x
    JOIN stats_member_scopes m ON m.company_id = c AND m.user_id = x.user_id
    CROSS JOIN LATERAL unnest(m.scopes) sc
   GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT (company_id, scope_id, day, schedule_key) DO UPDATE
    SET delta = s.delta + EXCLUDED.delta, joined = s.joined + EXCLUDED.joined, "left" = s."left" + EXCLUDED."left"
$$;
--> statement-breakpoint
-- The judged days of the people `us` between d0 and d1 (docs/stats.md): only days they were employed
-- and either came in (a stats_member_days row) or were on approved leave; their schedule key that
-- day, and against the schedule it names now (the default for the nil key), whether the day was
-- scheduled, late, and its overtime. Away = on approved leave and not in.
CREATE OR REPLACE FUNCTION stats_judge(c uuid, us uuid[], d0 date, d1 date)
RETURNS TABLE (user_id uuid, day date, schedule_key uuid, came boolean, present boolean, late boolean,
               worked_seconds int, overtime_seconds int, away boolean)
LANGUAGE sql STABLE AS $$
  WITH tz AS (SELECT time_zone FROM companies WHERE id = c),
  ppl AS (SELECT m.user_id, m.start_day, m.end_day FROM stats_member_scopes m WHERE m.company_id = c AND m.user_id = ANY (us)),
  cand AS (
    SELECT s.user_id, s.day FROM stats_member_days s JOIN ppl p ON p.user_id = s.user_id
     WHERE s.company_id = c AND s.user_id = ANY (us) AND s.day BETWEEN d0 AND d1
       AND s.day >= p.start_day AND (p.end_day IS NULL OR s.day <= p.end_day)
    UNION
    SELECT r.user_id, g::date FROM time_off_requests r JOIN ppl p ON p.user_id = r.user_id
     CROSS JOIN LATERAL generate_series(greatest(r.start_date, d0, p.start_day),
                                        least(r.end_date, d1, coalesce(p.end_day, r.end_date)), interval '1 day') g
     WHERE r.company_id = c AND r.user_id = ANY (us) AND r.status = 'approved' AND r.end_date >= d0 AND r.start_date <= d1
  ),
  j AS (
    SELECT x.user_id, x.day, k.key, s.user_id IS NOT NULL AS came, s.first_in, coalesce(s.worked_seconds, 0) AS worked,
           ws.grace_minutes, ws.break_minutes,
           CASE WHEN NOT EXISTS (SELECT 1 FROM holidays h WHERE h.company_id = c AND h.date = x.day)
                THEN ws.days -> (extract(isodow FROM x.day)::int - 1) END AS sd
      FROM cand x
      CROSS JOIN LATERAL (SELECT coalesce((SELECT a.schedule_id FROM schedule_assignments a
                                            WHERE a.company_id = c AND a.user_id = x.user_id AND a.effective_from <= x.day
                                            ORDER BY a.effective_from DESC LIMIT 1),
                                          '00000000-0000-0000-0000-000000000000'::uuid) AS key) k
      LEFT JOIN stats_member_days s ON s.company_id = c AND s.day = x.day AND s.user_id = x.user_id
      LEFT JOIN work_schedules ws ON ws.company_id = c
           AND ws.id = CASE WHEN k.key = '00000000-0000-0000-0000-000000000000'::uuid
                            THEN (SELECT w.id FROM work_schedules w WHERE w.company_id = c AND w.is_default LIMIT 1) ELSE k.key END
  ),
  v AS (
    SELECT j.*, (j.sd IS NOT NULL AND jsonb_typeof(j.sd) = 'object') AS sched,
           CASE WHEN jsonb_typeof(j.sd) = 'object' THEN (j.day + (j.sd->>'start')::time) AT TIME ZONE (SELECT time_zone FROM tz) END AS start_at,
           CASE WHEN jsonb_typeof(j.sd) = 'object' THEN
             ((CASE WHEN (j.sd->>'end') > (j.sd->>'start') THEN j.day ELSE j.day + 1 END) + (j.sd->>'end')::time)
               AT TIME ZONE (SELECT time_zone FROM tz) END AS end_at
      FROM j
  )
  SELECT v.user_id, v.day, v.key, v.came, v.sched AND v.came,
         coalesce(v.sched AND v.came AND v.first_in > v.start_at + v.grace_minutes * interval '1 minute', false),
         CASE WHEN v.came THEN v.worked ELSE 0 END,
         CASE WHEN v.came THEN greatest(0, v.worked - 60 * CASE WHEN v.sched
           THEN greatest(0, round(extract(epoch FROM v.end_at - v.start_at) / 60) - v.break_minutes) ELSE 0 END)::int ELSE 0 END,
         NOT v.came
    FROM v
$$;
--> statement-breakpoint
-- Re-derives the people `us` of company c: their judged days between d0 and d1 and, when `whole`,
-- their scopes (today's teams and department), employment span and schedule segments too. What they
-- added before is taken back from the stored rows, then the new contribution is added. A company
-- deleted in the same statement is skipped (its rows go with it).
--
-- Without JIT: the judging statement's estimate (a generated series of days, a subquery per day)
-- passes jit_above_cost on PostgreSQL, and compiling it took ~230 ms of a clock-in whose own work is
-- a millisecond or two.
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
      FROM gone g JOIN stats_member_scopes m ON m.company_id = c AND m.user_id = g.user_id
      CROSS JOIN LATERAL unnest(m.scopes) sc
     GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
    ON CONFLICT (company_id, scope_id, day, schedule_key, shard) DO UPDATE
      SET came = s.came + EXCLUDED.came, present = s.present + EXCLUDED.present, late = s.late + EXCLUDED.late,
          worked_seconds = s.worked_seconds + EXCLUDED.worked_seconds,
          overtime_seconds = s.overtime_seconds + EXCLUDED.overtime_seconds, away = s.away + EXCLUDED.away;
  END IF;
  IF whole THEN
    IF sums THEN PERFORM stats_spans_apply(c, us, -1); END IF;
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
    IF sums THEN PERFORM stats_spans_apply(c, us, 1); END IF;
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
    FROM fresh g JOIN stats_member_scopes m ON m.company_id = c AND m.user_id = g.user_id
    CROSS JOIN LATERAL unnest(m.scopes) sc
   GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
  ON CONFLICT (company_id, scope_id, day, schedule_key, shard) DO UPDATE
    SET came = s.came + EXCLUDED.came, present = s.present + EXCLUDED.present, late = s.late + EXCLUDED.late,
        worked_seconds = s.worked_seconds + EXCLUDED.worked_seconds,
        overtime_seconds = s.overtime_seconds + EXCLUDED.overtime_seconds, away = s.away + EXCLUDED.away;
END $$;
--> statement-breakpoint
-- The rebuild's first step for a company: its Stats aggregates emptied (then every member refreshed
-- in batches by `npm run stats:rebuild`).
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
END $$;
--> statement-breakpoint
-- The rebuild's last steps, once every member is derived without sums (`sums` false): the sums of a
-- range of days, then the employment changes, recomputed from the stored rows. Writes of the
-- company wait meanwhile (the share lock), so none is counted twice or lost.
CREATE OR REPLACE FUNCTION stats_scope_days_rebuild(c uuid, d0 date, d1 date) RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  n int;
BEGIN
  IF (c = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN 0; END IF;
  LOCK TABLE stats_member_facts, stats_member_scopes IN SHARE MODE;
  DELETE FROM stats_scope_days WHERE company_id = c AND day BETWEEN d0 AND d1;
  INSERT INTO stats_scope_days (company_id, scope_id, day, schedule_key, shard, came, present, late, worked_seconds, overtime_seconds, away)
  SELECT c, sc, g.day, g.schedule_key, stats_shard(g.user_id, g.day),
         count(*) FILTER (WHERE g.came), count(*) FILTER (WHERE g.present), count(*) FILTER (WHERE g.late),
         sum(g.worked_seconds), sum(g.overtime_seconds), count(*) FILTER (WHERE g.away)
    FROM stats_member_facts g JOIN stats_member_scopes m ON m.company_id = c AND m.user_id = g.user_id
    CROSS JOIN LATERAL unnest(m.scopes) sc
   WHERE g.company_id = c AND g.day BETWEEN d0 AND d1
   GROUP BY 2, 3, 4, 5;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_scope_spans_rebuild(c uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (c = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  LOCK TABLE stats_member_segments, stats_member_scopes IN SHARE MODE;
  DELETE FROM stats_scope_spans WHERE company_id = c;
  PERFORM stats_spans_apply(c, (SELECT array_agg(user_id) FROM stats_member_scopes WHERE company_id = c), 1);
END $$;
--> statement-breakpoint
-- A member-day's entries changed: that day of that person is judged again.
-- Off while the rebuild rewrites a company's member-days (it derives every member after, in batches).
CREATE OR REPLACE FUNCTION stats_aggregates_member_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('wac.stats_rebuild', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM stats_member_refresh(OLD.company_id, ARRAY[OLD.user_id], OLD.day, OLD.day, false); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (NEW.company_id, NEW.user_id, NEW.day) IS DISTINCT FROM (OLD.company_id, OLD.user_id, OLD.day)) THEN
    PERFORM stats_member_refresh(NEW.company_id, ARRAY[NEW.user_id], NEW.day, NEW.day, false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_member_days AFTER INSERT OR DELETE OR UPDATE OF company_id, user_id, day, first_in, worked_seconds
  ON stats_member_days FOR EACH ROW EXECUTE FUNCTION stats_aggregates_member_days();
--> statement-breakpoint
-- Approved leave added, changed or taken back: the days it covered and covers are judged again.
CREATE OR REPLACE FUNCTION stats_aggregates_time_off() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved' THEN
    PERFORM stats_member_refresh(OLD.company_id, ARRAY[OLD.user_id], OLD.start_date, OLD.end_date, false);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' AND (TG_OP = 'INSERT' OR OLD.status <> 'approved'
      OR (NEW.company_id, NEW.user_id, NEW.start_date, NEW.end_date) IS DISTINCT FROM (OLD.company_id, OLD.user_id, OLD.start_date, OLD.end_date)) THEN
    PERFORM stats_member_refresh(NEW.company_id, ARRAY[NEW.user_id], NEW.start_date, NEW.end_date, false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_time_off AFTER INSERT OR DELETE OR UPDATE OF company_id, user_id, status, start_date, end_date
  ON time_off_requests FOR EACH ROW EXECUTE FUNCTION stats_aggregates_time_off();
--> statement-breakpoint
-- Who a person is for the figures changed (membership, employee record, team, schedule
-- assignment): each person a statement touches is derived again, whole, once per statement, not once
-- per row (1,100 memberships inserted at once; a team created with its people or deleted; a person in
-- many teams, who would otherwise be derived once per team, each time over all their teams).
-- Statement triggers with transition tables take no column list, so an update compares the columns
-- that say who a person is (the trigger's argument) between the old and new rows: a statement that
-- changes none of them (a role, a phone number, a name copied into the memberships) derives nobody.
CREATE OR REPLACE FUNCTION stats_aggregates_people() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN EXECUTE CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT company_id, array_agg(DISTINCT user_id) AS users FROM new_rows
                           GROUP BY company_id ORDER BY company_id'
      WHEN 'DELETE' THEN 'SELECT company_id, array_agg(DISTINCT user_id) AS users FROM old_rows
                           GROUP BY company_id ORDER BY company_id'
      ELSE format('SELECT company_id, array_agg(DISTINCT user_id) AS users
                     FROM ((SELECT %1$s FROM old_rows EXCEPT ALL SELECT %1$s FROM new_rows)
                           UNION ALL (SELECT %1$s FROM new_rows EXCEPT ALL SELECT %1$s FROM old_rows)) x
                    GROUP BY company_id ORDER BY company_id', TG_ARGV[0]) END
  LOOP
    PERFORM stats_member_refresh(r.company_id, r.users, NULL, NULL, true);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_memberships_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_memberships_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people('company_id, user_id, created_at');
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_memberships_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_employees_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_employees_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people('company_id, user_id, start_date, end_date, department_id');
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_employees_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_team_members_insert AFTER INSERT ON team_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_team_members_update AFTER UPDATE ON team_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people('company_id, user_id, team_id');
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_team_members_delete AFTER DELETE ON team_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_schedule_assignments_insert AFTER INSERT ON schedule_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_schedule_assignments_update AFTER UPDATE ON schedule_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people('company_id, user_id, schedule_id, effective_from');
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_schedule_assignments_delete AFTER DELETE ON schedule_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_aggregates_people();
--> statement-breakpoint
-- A holiday added, moved or removed: the judged days of its dates again.
CREATE OR REPLACE FUNCTION stats_aggregates_holidays() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  us uuid[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(user_id) INTO us FROM stats_member_facts WHERE company_id = OLD.company_id AND day = OLD.date;
    PERFORM stats_member_refresh(OLD.company_id, us, OLD.date, OLD.date, false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(user_id) INTO us FROM stats_member_facts WHERE company_id = NEW.company_id AND day = NEW.date;
    PERFORM stats_member_refresh(NEW.company_id, us, NEW.date, NEW.date, false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_holidays AFTER INSERT OR DELETE OR UPDATE OF company_id, date
  ON holidays FOR EACH ROW EXECUTE FUNCTION stats_aggregates_holidays();
--> statement-breakpoint
-- A schedule's hours, grace or break edited, or the default switched: every judged day following it
-- (the default's through the nil key) is judged again. At 100,000 people this rewrites their facts:
-- the cost is the edit's, never a request's.
CREATE OR REPLACE FUNCTION stats_aggregates_schedules() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  us uuid[];
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.days, NEW.grace_minutes, NEW.break_minutes, NEW.is_default)
       IS NOT DISTINCT FROM (OLD.days, OLD.grace_minutes, OLD.break_minutes, OLD.is_default) THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT user_id) INTO us FROM stats_member_facts
   WHERE company_id = OLD.company_id
     AND (schedule_key = OLD.id OR (schedule_key = '00000000-0000-0000-0000-000000000000'::uuid
          AND (OLD.is_default OR (TG_OP = 'UPDATE' AND NEW.is_default))));
  PERFORM stats_member_refresh(OLD.company_id, us, '-infinity', 'infinity', false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_schedules AFTER DELETE OR UPDATE
  ON work_schedules FOR EACH ROW EXECUTE FUNCTION stats_aggregates_schedules();
--> statement-breakpoint
-- The company's time zone moved: start days (of memberships without a record) and every schedule's
-- instants move with it.
CREATE OR REPLACE FUNCTION stats_aggregates_companies() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  us uuid[];
BEGIN
  SELECT array_agg(user_id) INTO us FROM memberships WHERE company_id = NEW.id;
  PERFORM stats_member_refresh(NEW.id, us, NULL, NULL, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_aggregates_companies AFTER UPDATE OF time_zone ON companies
  FOR EACH ROW WHEN (NEW.time_zone IS DISTINCT FROM OLD.time_zone) EXECUTE FUNCTION stats_aggregates_companies();
--> statement-breakpoint
-- Backfill: every member of every company.
SELECT stats_member_refresh(c.id, (SELECT array_agg(m.user_id) FROM memberships m WHERE m.company_id = c.id), NULL, NULL, true)
  FROM companies c;
--> statement-breakpoint
-- Approved time off per scope, start day and type (docs/decisions/024-stats-day-aggregates.md): a
-- request adds its amount to the scopes of its person when approved and takes it back when it stops
-- being; a person's scopes changing (their stored row replaced) moves their amounts along. What a
-- request added is stored (`stats_member_time_off`) and taken back from there, never recomputed from
-- the requests: a membership removed deletes its requests by cascade, whose triggers run only after
-- the person's scopes row is gone (the cascade's events queue behind the membership's own).
REVOKE INSERT, UPDATE, DELETE ON stats_scope_time_off, stats_member_time_off FROM wac_app;
--> statement-breakpoint
ALTER TABLE stats_scope_time_off ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_scope_time_off FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_scope_time_off_scope ON stats_scope_time_off
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE stats_member_time_off ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_member_time_off FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_member_time_off_scope ON stats_member_time_off
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- Adds an amount (negative: takes it back) of start day d and type t to scopes.
CREATE OR REPLACE FUNCTION stats_time_off_add(c uuid, scopes uuid[], d date, t uuid, amount numeric) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO stats_scope_time_off AS s (company_id, scope_id, day, type_id, amount)
  SELECT c, sc, d, t, amount FROM unnest(scopes) sc ORDER BY sc
  ON CONFLICT (company_id, scope_id, day, type_id) DO UPDATE SET amount = s.amount + EXCLUDED.amount
$$;
--> statement-breakpoint
-- A request changed: what it added is taken back from its person's scopes, and added again when it is
-- approved and its person has scopes (is a member).
CREATE OR REPLACE FUNCTION stats_time_off_requests_sums() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  sc uuid[];
  g stats_member_time_off;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = coalesce(NEW.company_id, OLD.company_id)) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM stats_member_time_off
     WHERE company_id = OLD.company_id AND user_id = OLD.user_id AND request_id = OLD.id RETURNING * INTO g;
    IF FOUND THEN
      SELECT scopes INTO sc FROM stats_member_scopes WHERE company_id = g.company_id AND user_id = g.user_id;
      IF sc IS NOT NULL THEN PERFORM stats_time_off_add(g.company_id, sc, g.day, g.type_id, -g.amount); END IF;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' THEN
    SELECT scopes INTO sc FROM stats_member_scopes WHERE company_id = NEW.company_id AND user_id = NEW.user_id;
    IF sc IS NOT NULL THEN
      INSERT INTO stats_member_time_off (company_id, user_id, request_id, day, type_id, amount)
      VALUES (NEW.company_id, NEW.user_id, NEW.id, NEW.start_date, NEW.type_id, NEW.amount);
      PERFORM stats_time_off_add(NEW.company_id, sc, NEW.start_date, NEW.type_id, NEW.amount);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_time_off_requests_sums AFTER INSERT OR DELETE OR UPDATE OF company_id, user_id, status, start_date, type_id, amount
  ON time_off_requests FOR EACH ROW EXECUTE FUNCTION stats_time_off_requests_sums();
--> statement-breakpoint
-- A person's stored scopes removed or written (stats_member_refresh): what they held is taken back
-- from the old scopes, and their approved requests are added to the new ones. Off while the rebuild
-- derives members (it adds the amounts up after, set-based).
CREATE OR REPLACE FUNCTION stats_member_scopes_time_off() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  r record;
BEGIN
  IF current_setting('wac.stats_rebuild', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    FOR r IN WITH gone AS (
               DELETE FROM stats_member_time_off WHERE company_id = OLD.company_id AND user_id = OLD.user_id RETURNING day, type_id, amount)
             SELECT day, type_id, sum(amount) AS amount FROM gone GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM stats_time_off_add(OLD.company_id, OLD.scopes, r.day, r.type_id, -r.amount);
    END LOOP;
  ELSE
    FOR r IN WITH kept AS (
               INSERT INTO stats_member_time_off (company_id, user_id, request_id, day, type_id, amount)
               SELECT company_id, user_id, id, start_date, type_id, amount FROM time_off_requests
                WHERE company_id = NEW.company_id AND user_id = NEW.user_id AND status = 'approved'
               RETURNING day, type_id, amount)
             SELECT day, type_id, sum(amount) AS amount FROM kept GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM stats_time_off_add(NEW.company_id, NEW.scopes, r.day, r.type_id, r.amount);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_member_scopes_time_off AFTER INSERT OR DELETE ON stats_member_scopes
  FOR EACH ROW EXECUTE FUNCTION stats_member_scopes_time_off();
--> statement-breakpoint
-- The rebuild's step for time off: the company's stored requests from the approved ones of its
-- members (their stored scopes), then the sums from them.
CREATE OR REPLACE FUNCTION stats_scope_time_off_rebuild(c uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT (app_is_system() OR app_company_id() IS NULL OR app_company_id() = c) THEN RETURN; END IF;
  LOCK TABLE stats_member_scopes, time_off_requests IN SHARE MODE;
  DELETE FROM stats_member_time_off WHERE company_id = c;
  INSERT INTO stats_member_time_off (company_id, user_id, request_id, day, type_id, amount)
  SELECT c, r.user_id, r.id, r.start_date, r.type_id, r.amount
    FROM time_off_requests r JOIN stats_member_scopes m ON m.company_id = c AND m.user_id = r.user_id
   WHERE r.company_id = c AND r.status = 'approved';
  DELETE FROM stats_scope_time_off WHERE company_id = c;
  INSERT INTO stats_scope_time_off (company_id, scope_id, day, type_id, amount)
  SELECT c, sc, g.day, g.type_id, sum(g.amount)
    FROM stats_member_time_off g JOIN stats_member_scopes m ON m.company_id = c AND m.user_id = g.user_id
    CROSS JOIN LATERAL unnest(m.scopes) sc
   WHERE g.company_id = c
   GROUP BY 2, 3, 4;
END $$;
--> statement-breakpoint
-- Backfill.
SELECT stats_scope_time_off_rebuild(id) FROM companies;
