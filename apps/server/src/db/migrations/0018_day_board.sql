CREATE TABLE "attendance_board_counts" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"schedule_key" uuid NOT NULL,
	"in_minute" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_board_counts_pkey" PRIMARY KEY("company_id","day","schedule_key","in_minute","shard")
);
--> statement-breakpoint
ALTER TABLE "stats_member_days" ADD COLUMN "board_schedule" uuid;--> statement-breakpoint
ALTER TABLE "attendance_board_counts" ADD CONSTRAINT "attendance_board_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stats_member_days_user_idx" ON "stats_member_days" USING btree ("company_id","user_id","day");
--> statement-breakpoint
-- hand-written
-- The day board at 100,000 members (docs/decisions/021-day-board-at-scale.md). Each member-day row of
-- stats_member_days carries the board's key (board_schedule: null = not an enabled member, the nil
-- uuid = the company's default schedule, else the schedule assigned that day), and
-- attendance_board_counts sums those rows by key and first clock-in minute. Everything that moves a
-- row between keys (an entry, a membership, a schedule assignment) updates it in the same
-- transaction, through the triggers below.
REVOKE INSERT, UPDATE, DELETE ON attendance_board_counts FROM wac_app;
--> statement-breakpoint
ALTER TABLE attendance_board_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_board_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_board_counts_scope ON attendance_board_counts
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- The board key of a member's company day: null unless an enabled member; their latest schedule
-- assignment effective on the day, else the nil uuid (whatever schedule is the default when read).
CREATE OR REPLACE FUNCTION attendance_board_key(c uuid, u uuid, d date) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = c AND m.user_id = u AND m.enabled)
    THEN coalesce((SELECT a.schedule_id FROM schedule_assignments a
                    WHERE a.company_id = c AND a.user_id = u AND a.effective_from <= d
                    ORDER BY a.effective_from DESC LIMIT 1),
                  '00000000-0000-0000-0000-000000000000'::uuid) END
$$;
--> statement-breakpoint
-- An instant rounded up to the whole minute (offsets of time zones are whole minutes, so
-- "first in > start + grace" is "this minute > start + grace").
CREATE OR REPLACE FUNCTION attendance_board_minute(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT to_timestamp((ceil(extract(epoch FROM t) / 60) * 60)::double precision) $$;
--> statement-breakpoint
-- As in migration 0013, plus the board key. The member's row is locked first (FOR SHARE): a change of
-- their membership or schedule assignment locks it for update, so the two queue and the key read
-- here is the one committed last.
CREATE OR REPLACE FUNCTION stats_member_day_refresh(c uuid, u uuid, d date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM 1 FROM memberships WHERE company_id = c AND user_id = u FOR SHARE;
  SELECT min(clock_in) AS first_in,
         coalesce(floor(sum(extract(epoch FROM clock_out - clock_in)) FILTER (WHERE clock_out IS NOT NULL)), 0)::int AS worked,
         count(*)::int AS n
    INTO r
    FROM attendance_entries
   WHERE company_id = c AND user_id = u AND work_date = d AND status <> 'removed';
  IF r.n = 0 THEN
    DELETE FROM stats_member_days WHERE company_id = c AND day = d AND user_id = u;
  ELSE
    INSERT INTO stats_member_days (company_id, user_id, day, first_in, worked_seconds, entries, board_schedule)
    VALUES (c, u, d, r.first_in, r.worked, r.n, attendance_board_key(c, u, d))
    ON CONFLICT (company_id, day, user_id) DO UPDATE
      SET first_in = EXCLUDED.first_in, worked_seconds = EXCLUDED.worked_seconds, entries = EXCLUDED.entries,
          board_schedule = EXCLUDED.board_schedule
      WHERE (stats_member_days.first_in, stats_member_days.worked_seconds, stats_member_days.entries, stats_member_days.board_schedule)
            IS DISTINCT FROM (EXCLUDED.first_in, EXCLUDED.worked_seconds, EXCLUDED.entries, EXCLUDED.board_schedule);
  END IF;
END
$$;
--> statement-breakpoint
-- The counts follow stats_member_days, one pass per statement (a rebuild of millions of rows pays
-- once): minus the old rows, plus the new ones, written in key order so two statements of one
-- company queue instead of deadlocking. The shard (16, by user) spreads a morning burst of clock-ins
-- in the same minute over several rows. A company deleted in the same statement is skipped.
CREATE OR REPLACE FUNCTION attendance_board_counts_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO attendance_board_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, board_schedule, attendance_board_minute(first_in), (hashtext(user_id::text) & 15)::smallint, count(*)::int
      FROM new_rows x WHERE board_schedule IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO attendance_board_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, board_schedule, attendance_board_minute(first_in), (hashtext(user_id::text) & 15)::smallint, -count(*)::int
      FROM old_rows x WHERE board_schedule IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
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
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_board_counts_insert AFTER INSERT ON stats_member_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_counts_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_counts_update AFTER UPDATE ON stats_member_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_counts_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_counts_delete AFTER DELETE ON stats_member_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_counts_track();
--> statement-breakpoint
-- A membership added, removed, enabled or disabled (or moved): its days change key.
CREATE OR REPLACE FUNCTION attendance_board_memberships_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE stats_member_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
      FROM (SELECT DISTINCT company_id, user_id FROM new_rows) k
     WHERE s.company_id = k.company_id AND s.user_id = k.user_id
       AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE stats_member_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
      FROM (SELECT DISTINCT company_id, user_id FROM old_rows) k
     WHERE s.company_id = k.company_id AND s.user_id = k.user_id
       AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
  ELSE
    UPDATE stats_member_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
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
CREATE TRIGGER attendance_board_memberships_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_memberships_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_memberships_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_memberships_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_memberships_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_memberships_track();
--> statement-breakpoint
-- A schedule assignment added, changed or removed: the member's days from its (earliest) effective
-- date on change key. The member's row is locked first, so a clock-in of the same person queues
-- behind (see stats_member_day_refresh).
-- Re-keys the days of the members in `k` (company c, user u, from day d): their membership rows are
-- locked first, so a clock-in of the same person queues behind (see stats_member_day_refresh).
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_board_assignments_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM attendance_board_rekey((SELECT coalesce(jsonb_agg(jsonb_build_object('c', company_id, 'u', user_id, 'd', effective_from)), '[]') FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM attendance_board_rekey((SELECT coalesce(jsonb_agg(jsonb_build_object('c', company_id, 'u', user_id, 'd', effective_from)), '[]') FROM old_rows));
  ELSE
    PERFORM attendance_board_rekey((SELECT coalesce(jsonb_agg(jsonb_build_object('c', company_id, 'u', user_id, 'd', effective_from)), '[]')
                                      FROM (SELECT company_id, user_id, effective_from FROM new_rows UNION ALL
                                            SELECT company_id, user_id, effective_from FROM old_rows) x));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_board_assignments_insert AFTER INSERT ON schedule_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_assignments_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_assignments_update AFTER UPDATE ON schedule_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_assignments_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_assignments_delete AFTER DELETE ON schedule_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_assignments_track();
--> statement-breakpoint
-- The rebuild (npm run stats:rebuild) empties a company's counts before it writes its member-days
-- again, so whatever drifted is recomputed from the entries. The scope's own company only.
CREATE OR REPLACE FUNCTION attendance_board_counts_reset(p_company uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  DELETE FROM attendance_board_counts WHERE company_id = p_company;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION attendance_board_counts_reset(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION attendance_board_counts_reset(uuid) TO wac_app;
--> statement-breakpoint
-- Backfill what exists (the counts follow through their trigger).
UPDATE stats_member_days SET board_schedule = attendance_board_key(company_id, user_id, day);
