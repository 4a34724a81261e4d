CREATE TABLE "attendance_board_leave_counts" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"schedule_key" uuid NOT NULL,
	"in_minute" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_board_leave_counts_pkey" PRIMARY KEY("company_id","day","schedule_key","in_minute")
);
--> statement-breakpoint
CREATE TABLE "attendance_leave_days" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"half" text,
	"board_schedule" uuid,
	"first_in" timestamp with time zone,
	CONSTRAINT "attendance_leave_days_pkey" PRIMARY KEY("company_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_board_leave_counts" ADD CONSTRAINT "attendance_board_leave_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_leave_days" ADD CONSTRAINT "attendance_leave_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_leave_days" ADD CONSTRAINT "attendance_leave_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_leave_days_user_idx" ON "attendance_leave_days" USING btree ("company_id","user_id","day");--> statement-breakpoint
-- hand-written
-- The day board's leave corrections kept like its counts (decision 021, "leave in the counts"):
-- attendance_leave_days holds one row per member-day covered by approved time off (its half, the
-- board key, the first clock-in of that day if any), and attendance_board_leave_counts sums those
-- rows per company, day, key and minute of the first clock-in ('infinity': none, so on leave). Every
-- change — a request approved, cancelled, edited or deleted; a clock event (through
-- stats_member_days); a membership or schedule assignment re-keyed — updates them in the same
-- transaction, so the board reads no leave per request.
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_leave_days TO wac_app;
--> statement-breakpoint
ALTER TABLE attendance_leave_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_leave_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_leave_days_scope ON attendance_leave_days
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON attendance_board_leave_counts FROM wac_app;
--> statement-breakpoint
ALTER TABLE attendance_board_leave_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_board_leave_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_board_leave_counts_scope ON attendance_board_leave_counts
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- A leave day's part of the counts: members with a key, under their first clock-in's minute when
-- their leave excuses lateness (not an afternoon off), under 'infinity' when they did not come.
CREATE OR REPLACE FUNCTION attendance_board_leave_counts_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO attendance_board_leave_counts AS b (company_id, day, schedule_key, in_minute, n)
    SELECT company_id, day, board_schedule, coalesce(attendance_board_minute(first_in), 'infinity'), count(*)::int
      FROM new_rows x WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
       AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, schedule_key, in_minute) DO UPDATE SET n = b.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO attendance_board_leave_counts AS b (company_id, day, schedule_key, in_minute, n)
    SELECT company_id, day, board_schedule, coalesce(attendance_board_minute(first_in), 'infinity'), -count(*)::int
      FROM old_rows x WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
       AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, schedule_key, in_minute) DO UPDATE SET n = b.n + EXCLUDED.n;
  ELSE
    INSERT INTO attendance_board_leave_counts AS b (company_id, day, schedule_key, in_minute, n)
    SELECT company_id, day, k, m, sum(d)::int
      FROM (SELECT company_id, day, board_schedule k, coalesce(attendance_board_minute(first_in), 'infinity') m, 1 d
              FROM new_rows WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
            UNION ALL
            SELECT company_id, day, board_schedule, coalesce(attendance_board_minute(first_in), 'infinity'), -1
              FROM old_rows WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')) x
     WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, schedule_key, in_minute) DO UPDATE SET n = b.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_board_leave_counts_insert AFTER INSERT ON attendance_leave_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_leave_counts_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_leave_counts_update AFTER UPDATE ON attendance_leave_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_leave_counts_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_leave_counts_delete AFTER DELETE ON attendance_leave_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_leave_counts_track();
--> statement-breakpoint
-- Recomputes the leave days of the members and date ranges given (parallel arrays: company, user,
-- first day, last day) from their approved requests: a day is off if an approved request covers it;
-- its half is the request's ('afternoon' on a start with start_half, 'morning' on an end with
-- end_half), none when a whole-day request or both halves cover it. The members' rows are locked
-- first (as a schedule assignment does): a clock event of the same person queues, so the first
-- clock-in copied here is the one committed last.
CREATE OR REPLACE FUNCTION attendance_leave_days_refresh(cs uuid[], us uuid[], fs date[], ts date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM memberships m
    JOIN (SELECT DISTINCT c, u FROM unnest(cs, us) x(c, u)) x ON x.c = m.company_id AND x.u = m.user_id
   ORDER BY m.id FOR NO KEY UPDATE OF m;
  WITH span AS (
    SELECT DISTINCT x.c, x.u, g::date AS day
      FROM unnest(cs, us, fs, ts) x(c, u, f, t), generate_series(x.f, x.t, interval '1 day') g
  )
  DELETE FROM attendance_leave_days l USING span s
   WHERE l.company_id = s.c AND l.day = s.day AND l.user_id = s.u
     AND NOT EXISTS (SELECT 1 FROM time_off_requests q
                      WHERE q.company_id = s.c AND q.user_id = s.u AND q.status = 'approved'
                        AND q.start_date <= s.day AND q.end_date >= s.day);
  WITH span AS (
    SELECT DISTINCT x.c, x.u, g::date AS day
      FROM unnest(cs, us, fs, ts) x(c, u, f, t), generate_series(x.f, x.t, interval '1 day') g
  ), want AS (
    SELECT s.c, s.u, s.day,
           CASE WHEN bool_or(q.h IS NULL) OR count(DISTINCT q.h) = 2 THEN NULL ELSE min(q.h) END AS half
      FROM span s
      JOIN LATERAL (SELECT CASE WHEN q.start_date = s.day AND q.start_half THEN 'afternoon'
                                WHEN q.end_date = s.day AND q.end_half THEN 'morning' END AS h
                      FROM time_off_requests q
                     WHERE q.company_id = s.c AND q.user_id = s.u AND q.status = 'approved'
                       AND q.start_date <= s.day AND q.end_date >= s.day) q ON true
     GROUP BY 1, 2, 3
  )
  INSERT INTO attendance_leave_days AS l (company_id, user_id, day, half, board_schedule, first_in)
  SELECT w.c, w.u, w.day, w.half, attendance_board_key(w.c, w.u, w.day),
         (SELECT sd.first_in FROM stats_member_days sd WHERE sd.company_id = w.c AND sd.day = w.day AND sd.user_id = w.u)
    FROM want w ORDER BY 1, 3, 2
  ON CONFLICT (company_id, day, user_id) DO UPDATE
    SET half = EXCLUDED.half, board_schedule = EXCLUDED.board_schedule, first_in = EXCLUDED.first_in
    WHERE (l.half, l.board_schedule, l.first_in) IS DISTINCT FROM (EXCLUDED.half, EXCLUDED.board_schedule, EXCLUDED.first_in);
END $$;
--> statement-breakpoint
-- Approved requests (before or after the change) refresh the days they cover; others cover none.
CREATE OR REPLACE FUNCTION attendance_leave_days_requests_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cs uuid[]; us uuid[]; fs date[]; ts date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(user_id), array_agg(start_date), array_agg(end_date) INTO cs, us, fs, ts
      FROM new_rows WHERE status = 'approved';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(user_id), array_agg(start_date), array_agg(end_date) INTO cs, us, fs, ts
      FROM old_rows WHERE status = 'approved';
  ELSE
    SELECT array_agg(company_id), array_agg(user_id), array_agg(start_date), array_agg(end_date) INTO cs, us, fs, ts
      FROM (SELECT company_id, user_id, start_date, end_date FROM new_rows WHERE status = 'approved'
            UNION ALL
            SELECT company_id, user_id, start_date, end_date FROM old_rows WHERE status = 'approved') x;
  END IF;
  IF cs IS NOT NULL THEN
    PERFORM attendance_leave_days_refresh(cs, us, fs, ts);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_leave_days_requests_insert AFTER INSERT ON time_off_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_leave_days_requests_track();
--> statement-breakpoint
CREATE TRIGGER attendance_leave_days_requests_update AFTER UPDATE ON time_off_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_leave_days_requests_track();
--> statement-breakpoint
CREATE TRIGGER attendance_leave_days_requests_delete AFTER DELETE ON time_off_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_leave_days_requests_track();
--> statement-breakpoint
-- As in migration 0018, plus: the leave days of the member-days written take their first clock-in.
CREATE OR REPLACE FUNCTION attendance_board_counts_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO attendance_board_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, board_schedule, attendance_board_minute(first_in), (hashtext(user_id::text) & 15)::smallint, count(*)::int
      FROM new_rows x WHERE board_schedule IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
    UPDATE attendance_leave_days l SET first_in = x.first_in FROM new_rows x
     WHERE l.company_id = x.company_id AND l.day = x.day AND l.user_id = x.user_id AND l.first_in IS DISTINCT FROM x.first_in;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO attendance_board_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, board_schedule, attendance_board_minute(first_in), (hashtext(user_id::text) & 15)::smallint, -count(*)::int
      FROM old_rows x WHERE board_schedule IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
    UPDATE attendance_leave_days l SET first_in = NULL FROM old_rows x
     WHERE l.company_id = x.company_id AND l.day = x.day AND l.user_id = x.user_id AND l.first_in IS NOT NULL;
  ELSE
    INSERT INTO attendance_board_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, k, m, s, sum(d)::int
      FROM (SELECT company_id, day, board_schedule k, attendance_board_minute(first_in) m, (hashtext(user_id::text) & 15)::smallint s, 1 d
              FROM new_rows WHERE board_schedule IS NOT NULL
            UNION ALL
            SELECT company_id, day, board_schedule, attendance_board_minute(first_in), (hashtext(user_id::text) & 15)::smallint, -1
              FROM old_rows WHERE board_schedule IS NOT NULL) x
     WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
    UPDATE attendance_leave_days l SET first_in = x.first_in FROM new_rows x
     WHERE l.company_id = x.company_id AND l.day = x.day AND l.user_id = x.user_id AND l.first_in IS DISTINCT FROM x.first_in;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A membership added, removed, enabled, disabled or moved: its leave days change key too.
CREATE OR REPLACE FUNCTION attendance_leave_days_members_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE attendance_leave_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
      FROM (SELECT DISTINCT company_id, user_id FROM new_rows) k
     WHERE s.company_id = k.company_id AND s.user_id = k.user_id
       AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE attendance_leave_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
      FROM (SELECT DISTINCT company_id, user_id FROM old_rows) k
     WHERE s.company_id = k.company_id AND s.user_id = k.user_id
       AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
  ELSE
    UPDATE attendance_leave_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
      FROM (SELECT n.company_id, n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.company_id, n.user_id, n.enabled) IS DISTINCT FROM (o.company_id, o.user_id, o.enabled)
            UNION
            SELECT o.company_id, o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.company_id, n.user_id) IS DISTINCT FROM (o.company_id, o.user_id)) k
     WHERE s.company_id = k.company_id AND s.user_id = k.user_id
       AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_leave_days_members_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_leave_days_members_track();
--> statement-breakpoint
CREATE TRIGGER attendance_leave_days_members_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_leave_days_members_track();
--> statement-breakpoint
CREATE TRIGGER attendance_leave_days_members_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_leave_days_members_track();
--> statement-breakpoint
-- As in migration 0018, plus the leave days of the members re-keyed.
CREATE OR REPLACE FUNCTION attendance_board_rekey(k jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM memberships m
    JOIN (SELECT DISTINCT (e->>'c')::uuid AS c, (e->>'u')::uuid AS u FROM jsonb_array_elements(k) e) x
      ON x.c = m.company_id AND x.u = m.user_id
   ORDER BY m.id FOR NO KEY UPDATE OF m;
  UPDATE stats_member_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
    FROM (SELECT (e->>'c')::uuid AS c, (e->>'u')::uuid AS u, min((e->>'d')::date) AS d
            FROM jsonb_array_elements(k) e GROUP BY 1, 2) x
   WHERE s.company_id = x.c AND s.user_id = x.u AND s.day >= x.d
     AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
  UPDATE attendance_leave_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
    FROM (SELECT (e->>'c')::uuid AS c, (e->>'u')::uuid AS u, min((e->>'d')::date) AS d
            FROM jsonb_array_elements(k) e GROUP BY 1, 2) x
   WHERE s.company_id = x.c AND s.user_id = x.u AND s.day >= x.d
     AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
END $$;
--> statement-breakpoint
-- The rebuild (npm run stats:rebuild) in batches of days: empties the counts of a company's days
-- [p_from, p_to] (both tables) after their member-days and leave days were deleted, so whatever had
-- drifted is gone before they are written again. The scope's own company only.
CREATE OR REPLACE FUNCTION attendance_board_counts_reset(p_company uuid, p_from date, p_to date) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  DELETE FROM attendance_board_counts WHERE company_id = p_company AND day BETWEEN p_from AND p_to;
  DELETE FROM attendance_board_leave_counts WHERE company_id = p_company AND day BETWEEN p_from AND p_to;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION attendance_board_counts_reset(uuid, date, date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION attendance_board_counts_reset(uuid, date, date) TO wac_app;
--> statement-breakpoint
-- Backfill what exists (the leave counts follow through their trigger).
INSERT INTO attendance_leave_days (company_id, user_id, day, half, board_schedule, first_in)
SELECT w.company_id, w.user_id, w.day, w.half, attendance_board_key(w.company_id, w.user_id, w.day),
       (SELECT sd.first_in FROM stats_member_days sd WHERE sd.company_id = w.company_id AND sd.day = w.day AND sd.user_id = w.user_id)
  FROM (SELECT q.company_id, q.user_id, g::date AS day,
               CASE WHEN bool_or(h.h IS NULL) OR count(DISTINCT h.h) = 2 THEN NULL ELSE min(h.h) END AS half
          FROM time_off_requests q
          CROSS JOIN generate_series(q.start_date, q.end_date, interval '1 day') g
          CROSS JOIN LATERAL (SELECT CASE WHEN q.start_date = g::date AND q.start_half THEN 'afternoon'
                                          WHEN q.end_date = g::date AND q.end_half THEN 'morning' END AS h) h
         WHERE q.status = 'approved'
         GROUP BY 1, 2, 3) w;
