-- hand-written
-- An ended employment has its own board key (decision 021, amended 2026-12-03). From the day after the
-- record's end date an enabled member's days carry the key 'ffffffff-ffff-ffff-ffff-ffffffffffff'
-- (ENDED_KEY in board.repository): it has no plan, so the board counts those days as not scheduled, or
-- present if the person clocked in anyway, like a day off. The key counts read them as they read any
-- schedule's; before this, every request read every ended employment of the company and probed each
-- one's day (25 ms of the dashboard's 26 at 100,000 members with 3,033 leavers).
-- What moves days to and from the key: the end date set, moved or cleared, a record made or removed.
-- The member-days and leave days are re-keyed from the earlier of the two dates, and the members per
-- key (schedule_member_changes) count the person under ENDED_KEY from the day after the end date
-- instead of under their schedule.
CREATE OR REPLACE FUNCTION attendance_board_key(c uuid, u uuid, d date) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = c AND m.user_id = u AND m.enabled)
    THEN CASE WHEN EXISTS (SELECT 1 FROM employees e WHERE e.company_id = c AND e.user_id = u AND e.end_date < d)
           THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
           ELSE coalesce((SELECT a.schedule_id FROM schedule_assignments a
                           WHERE a.company_id = c AND a.user_id = u AND a.effective_from <= d
                           ORDER BY a.effective_from DESC LIMIT 1),
                         '00000000-0000-0000-0000-000000000000'::uuid) END END
$$;
--> statement-breakpoint
-- As in migration 0034, with the end of employment: a person's assignments count up to the day after
-- their end date (an assignment effective after it counts not at all), and from that day they count
-- under ENDED_KEY.
CREATE OR REPLACE FUNCTION schedule_members_refresh(cs uuid[], us uuid[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF cs IS NULL OR cardinality(cs) = 0 THEN RETURN; END IF;
  -- Most writes touch people with no assignment, no end date and no share (a member joining, a rename): one probe.
  IF NOT EXISTS (SELECT 1 FROM unnest(cs, us) AS x(c, u)
                  WHERE EXISTS (SELECT 1 FROM schedule_assignments a WHERE a.company_id = x.c AND a.user_id = x.u)
                     OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = x.c AND e.user_id = x.u AND e.end_date IS NOT NULL)
                     OR EXISTS (SELECT 1 FROM schedule_member_terms t WHERE t.company_id = x.c AND t.user_id = x.u)) THEN
    RETURN;
  END IF;
  -- Taken back.
  INSERT INTO schedule_member_changes AS x (company_id, schedule_id, day, n)
  SELECT t.company_id, t.schedule_id, t.day, -sum(t.n)::int
    FROM schedule_member_terms t JOIN (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w ON t.company_id = w.c AND t.user_id = w.u
    JOIN companies co ON co.id = t.company_id
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, schedule_id, day) DO UPDATE SET n = x.n + EXCLUDED.n;
  DELETE FROM schedule_member_terms t USING (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w WHERE t.company_id = w.c AND t.user_id = w.u;
  -- Written again.
  INSERT INTO schedule_member_terms (company_id, user_id, schedule_id, day, n)
  SELECT s.c, s.u, s.s, v.d, sum(v.k)::int FROM (
      SELECT t.c, t.u, t.s, t.f,
             CASE WHEN t.gone IS NOT NULL AND (t.nf IS NULL OR t.nf > t.gone) THEN t.gone ELSE t.nf END AS nf
        FROM (SELECT a.company_id AS c, a.user_id AS u, a.schedule_id AS s, a.effective_from AS f,
                     lead(a.effective_from) OVER (PARTITION BY a.company_id, a.user_id ORDER BY a.effective_from) AS nf,
                     e.end_date + 1 AS gone
                FROM (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w
                JOIN memberships m ON m.company_id = w.c AND m.user_id = w.u AND m.enabled
                JOIN companies co ON co.id = w.c
                JOIN schedule_assignments a ON a.company_id = w.c AND a.user_id = w.u
                LEFT JOIN employees e ON e.company_id = w.c AND e.user_id = w.u) t
       WHERE t.gone IS NULL OR t.f < t.gone
      UNION ALL
      SELECT w.c, w.u, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid, e.end_date + 1, NULL::date
        FROM (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w
        JOIN memberships m ON m.company_id = w.c AND m.user_id = w.u AND m.enabled
        JOIN companies co ON co.id = w.c
        JOIN employees e ON e.company_id = w.c AND e.user_id = w.u AND e.end_date IS NOT NULL) s
   CROSS JOIN LATERAL (VALUES (s.f, 1), (s.nf, -1)) v(d, k)
   WHERE v.d IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(v.k) <> 0;
  -- Added.
  INSERT INTO schedule_member_changes AS x (company_id, schedule_id, day, n)
  SELECT t.company_id, t.schedule_id, t.day, sum(t.n)::int
    FROM schedule_member_terms t JOIN (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w ON t.company_id = w.c AND t.user_id = w.u
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, schedule_id, day) DO UPDATE SET n = x.n + EXCLUDED.n;
  DELETE FROM schedule_member_changes x
   WHERE x.company_id IN (SELECT DISTINCT c FROM unnest(cs) AS x(c)) AND x.n = 0;
END $$;
--> statement-breakpoint
-- As in migration 0034, plus everyone whose employment has an end date.
CREATE OR REPLACE FUNCTION schedule_members_rebuild(p_company uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  DELETE FROM schedule_member_changes WHERE company_id = p_company;
  DELETE FROM schedule_member_terms WHERE company_id = p_company;
  -- Every person with an assignment or an end date, derived as a change would (nothing stored is left to take back).
  PERFORM schedule_members_refresh(x.cs, x.us)
     FROM (SELECT array_agg(company_id) AS cs, array_agg(user_id) AS us
             FROM (SELECT company_id, user_id FROM schedule_assignments WHERE company_id = p_company
                   UNION
                   SELECT company_id, user_id FROM employees WHERE company_id = p_company AND end_date IS NOT NULL) d) x;
END $$;
--> statement-breakpoint
-- The people whose end of employment changed (a record made or removed with an end date, the date set,
-- moved or cleared, the record moved to another person or company): their days re-keyed from the day
-- after the earlier of the two end dates (attendance_board_rekey takes each person's earliest day).
CREATE OR REPLACE FUNCTION attendance_board_employees_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('c', company_id, 'u', user_id, 'd', end_date + 1)) INTO k
      FROM new_rows WHERE end_date IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('c', company_id, 'u', user_id, 'd', end_date + 1)) INTO k
      FROM old_rows WHERE end_date IS NOT NULL;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('c', x.c, 'u', x.u, 'd', x.e + 1)) INTO k FROM (
      SELECT n.company_id c, n.user_id u, n.end_date e FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id, n.end_date) IS DISTINCT FROM (o.company_id, o.user_id, o.end_date)
      UNION ALL
      SELECT o.company_id, o.user_id, o.end_date FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id, n.end_date) IS DISTINCT FROM (o.company_id, o.user_id, o.end_date)) x
     WHERE x.e IS NOT NULL;
  END IF;
  IF k IS NOT NULL THEN
    PERFORM attendance_board_rekey(k);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_board_employees_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_employees_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_employees_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_employees_track();
--> statement-breakpoint
CREATE TRIGGER attendance_board_employees_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_board_employees_track();
--> statement-breakpoint
-- The members per key of the same people derived again (their terms read the end date).
CREATE OR REPLACE FUNCTION schedule_members_employees_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cs uuid[];
  us uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM new_rows WHERE end_date IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM old_rows WHERE end_date IS NOT NULL;
  ELSE
    SELECT array_agg(c), array_agg(u) INTO cs, us FROM (
      SELECT n.company_id c, n.user_id u FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id, n.end_date) IS DISTINCT FROM (o.company_id, o.user_id, o.end_date)
      UNION
      SELECT o.company_id, o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id, n.end_date) IS DISTINCT FROM (o.company_id, o.user_id, o.end_date)) t;
  END IF;
  PERFORM schedule_members_refresh(cs, us);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schedule_members_employees_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_employees_track();
--> statement-breakpoint
CREATE TRIGGER schedule_members_employees_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_employees_track();
--> statement-breakpoint
CREATE TRIGGER schedule_members_employees_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_employees_track();
--> statement-breakpoint
-- Backfill: the days after an end date take the new key (the counts follow through their triggers),
-- and the members per key are derived again.
SELECT set_config('app.scope', 'system', true);
--> statement-breakpoint
UPDATE stats_member_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
  FROM employees e
 WHERE e.company_id = s.company_id AND e.user_id = s.user_id AND e.end_date < s.day
   AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
--> statement-breakpoint
UPDATE attendance_leave_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
  FROM employees e
 WHERE e.company_id = s.company_id AND e.user_id = s.user_id AND e.end_date < s.day
   AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
--> statement-breakpoint
SELECT schedule_members_rebuild(id) FROM companies;
--> statement-breakpoint
SELECT set_config('app.scope', '', true);
