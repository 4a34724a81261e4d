-- hand-written
-- Days outside the employment have their own board key (decision 021, amended 2026-12-03). Before the
-- record's start date and after its end date, an enabled member's days carry the key
-- 'ffffffff-ffff-ffff-ffff-ffffffffffff' (NOT_EMPLOYED_KEY, db/board-keys.ts): it has no plan, so the
-- board counts those days as not scheduled, or present if the person clocked in anyway, like a day
-- off. The key counts read it as they read any schedule's; before this, every request read every
-- ended employment of the company and probed each one's day (25 ms of the dashboard's 26 at 100,000
-- members with 3,033 leavers), and a new hire was absent on the board before their first day.
-- What moves days to and from the key: the start or end date set, moved or cleared, a record made,
-- moved or removed. The member-days and leave days between the old and the new date are re-keyed,
-- and the members per key (schedule_member_changes) count the person under NOT_EMPLOYED_KEY before
-- the start date and from the day after the end date instead of under their schedule.
CREATE OR REPLACE FUNCTION attendance_board_key(c uuid, u uuid, d date) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = c AND m.user_id = u AND m.enabled)
    THEN CASE WHEN EXISTS (SELECT 1 FROM employees e WHERE e.company_id = c AND e.user_id = u
                                                       AND (e.end_date < d OR e.start_date > d))
           THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
           ELSE coalesce((SELECT a.schedule_id FROM schedule_assignments a
                           WHERE a.company_id = c AND a.user_id = u AND a.effective_from <= d
                           ORDER BY a.effective_from DESC LIMIT 1),
                         '00000000-0000-0000-0000-000000000000'::uuid) END END
$$;
--> statement-breakpoint
-- As in migration 0034, with the employment: a person's assignments count from the start date (or
-- their own day, if later) up to the day after the end date (an assignment wholly outside counts not
-- at all); before the start date and from the day after the end date they count under
-- NOT_EMPLOYED_KEY (+1 at '-infinity', -1 at the start, +1 the day after the end; an end before the
-- start leaves the person outside on every day).
-- Its statements are planned for the people given (a request's transaction asks for generic plans,
-- which planned these joins over arrays as if for anyone: 0.9 ms a person in an import, 0.2 custom).
CREATE OR REPLACE FUNCTION schedule_members_refresh(cs uuid[], us uuid[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF cs IS NULL OR cardinality(cs) = 0 THEN RETURN; END IF;
  -- Most writes touch people with no assignment, no employment dates and no share (a member joining,
  -- a rename): one probe.
  IF NOT EXISTS (SELECT 1 FROM unnest(cs, us) AS x(c, u)
                  WHERE EXISTS (SELECT 1 FROM schedule_assignments a WHERE a.company_id = x.c AND a.user_id = x.u)
                     OR EXISTS (SELECT 1 FROM employees e WHERE e.company_id = x.c AND e.user_id = x.u
                                                          AND (e.start_date IS NOT NULL OR e.end_date IS NOT NULL))
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
      SELECT x.c, x.u, x.s, x.f, x.nf
        FROM (SELECT t.c, t.u, t.s, greatest(t.f, t.st) AS f, least(t.nf, t.gone) AS nf
                FROM (SELECT a.company_id AS c, a.user_id AS u, a.schedule_id AS s, a.effective_from AS f,
                             lead(a.effective_from) OVER (PARTITION BY a.company_id, a.user_id ORDER BY a.effective_from) AS nf,
                             e.start_date AS st, e.end_date + 1 AS gone
                        FROM (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w
                        JOIN memberships m ON m.company_id = w.c AND m.user_id = w.u AND m.enabled
                        JOIN companies co ON co.id = w.c
                        JOIN schedule_assignments a ON a.company_id = w.c AND a.user_id = w.u
                        LEFT JOIN employees e ON e.company_id = w.c AND e.user_id = w.u) t) x
       WHERE x.nf IS NULL OR x.f < x.nf
      UNION ALL
      -- Outside the employment: before the start (+1 at '-infinity', -1 at the start) and from the day
      -- after the end (+1; at the start if the end came before it, cancelling its -1).
      SELECT w.c, w.u, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid,
             CASE WHEN o.before THEN '-infinity'::date ELSE greatest(e.end_date + 1, e.start_date) END,
             CASE WHEN o.before THEN e.start_date END
        FROM (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w
        JOIN memberships m ON m.company_id = w.c AND m.user_id = w.u AND m.enabled
        JOIN companies co ON co.id = w.c
        JOIN employees e ON e.company_id = w.c AND e.user_id = w.u
        CROSS JOIN LATERAL (VALUES (true), (false)) o(before)
       WHERE CASE WHEN o.before THEN e.start_date IS NOT NULL ELSE e.end_date IS NOT NULL END) s
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
-- As in migration 0034, plus everyone with an employment date.
CREATE OR REPLACE FUNCTION schedule_members_rebuild(p_company uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  DELETE FROM schedule_member_changes WHERE company_id = p_company;
  DELETE FROM schedule_member_terms WHERE company_id = p_company;
  -- Every person with an assignment or an employment date, derived as a change would (nothing stored is left to take back).
  PERFORM schedule_members_refresh(x.cs, x.us)
     FROM (SELECT array_agg(company_id) AS cs, array_agg(user_id) AS us
             FROM (SELECT company_id, user_id FROM schedule_assignments WHERE company_id = p_company
                   UNION
                   SELECT company_id, user_id FROM employees
                    WHERE company_id = p_company AND (start_date IS NOT NULL OR end_date IS NOT NULL)) d) x;
END $$;
--> statement-breakpoint
-- Re-keys the days of the members in `k` (company c, user u) in [f, t) (null or 'infinity' bounds:
-- unbounded), the member-days and the leave days, as attendance_board_rekey does from a day on: their
-- membership rows are locked first, so a clock-in of the same person queues behind.
CREATE OR REPLACE FUNCTION attendance_board_rekey_between(k jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM memberships m
    JOIN (SELECT DISTINCT (e->>'c')::uuid AS c, (e->>'u')::uuid AS u FROM jsonb_array_elements(k) e) x
      ON x.c = m.company_id AND x.u = m.user_id
   ORDER BY m.id FOR NO KEY UPDATE OF m;
  UPDATE stats_member_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
    FROM (SELECT DISTINCT (e->>'c')::uuid AS c, (e->>'u')::uuid AS u, coalesce((e->>'f')::date, '-infinity') AS f,
                 coalesce((e->>'t')::date, 'infinity') AS t
            FROM jsonb_array_elements(k) e) x
   WHERE s.company_id = x.c AND s.user_id = x.u AND s.day >= x.f AND s.day < x.t
     AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
  UPDATE attendance_leave_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
    FROM (SELECT DISTINCT (e->>'c')::uuid AS c, (e->>'u')::uuid AS u, coalesce((e->>'f')::date, '-infinity') AS f,
                 coalesce((e->>'t')::date, 'infinity') AS t
            FROM jsonb_array_elements(k) e) x
   WHERE s.company_id = x.c AND s.user_id = x.u AND s.day >= x.f AND s.day < x.t
     AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
END $$;
--> statement-breakpoint
-- A record made, changed, moved or removed: per person, the days whose key may differ. A start date
-- S1 → S2 changes the days in [least, greatest) (an absent date is '-infinity': every day before the
-- other); an end date E1 → E2 the days in [least + 1, greatest + 1) (absent: 'infinity'). A record
-- moved to another person or company is the old one removed and the new one made.
CREATE OR REPLACE FUNCTION attendance_board_employees_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p jsonb;
  k jsonb;
BEGIN
  -- (company, user, old start, new start, old end, new end) of each person whose dates may have changed.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('c', company_id, 'u', user_id, 's1', start_date, 'e1', end_date)) INTO p
      FROM new_rows WHERE start_date IS NOT NULL OR end_date IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('c', company_id, 'u', user_id, 's0', start_date, 'e0', end_date)) INTO p
      FROM old_rows WHERE start_date IS NOT NULL OR end_date IS NOT NULL;
  ELSE
    SELECT jsonb_agg(x.r) INTO p FROM (
      SELECT jsonb_build_object('c', n.company_id, 'u', n.user_id, 's0', o.start_date, 's1', n.start_date,
                                'e0', o.end_date, 'e1', n.end_date) AS r
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id) = (o.company_id, o.user_id)
         AND (n.start_date, n.end_date) IS DISTINCT FROM (o.start_date, o.end_date)
      UNION ALL
      SELECT jsonb_build_object('c', o.company_id, 'u', o.user_id, 's0', o.start_date, 'e0', o.end_date)
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id) IS DISTINCT FROM (o.company_id, o.user_id)
      UNION ALL
      SELECT jsonb_build_object('c', n.company_id, 'u', n.user_id, 's1', n.start_date, 'e1', n.end_date)
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id) IS DISTINCT FROM (o.company_id, o.user_id)) x;
  END IF;
  IF p IS NULL THEN RETURN NULL; END IF;
  SELECT jsonb_agg(r) INTO k FROM (
    SELECT jsonb_build_object('c', c, 'u', u,
             'f', CASE WHEN s0 IS NULL OR s1 IS NULL THEN '-infinity'::date ELSE least(s0, s1) END,
             't', greatest(s0, s1)) AS r
      FROM jsonb_to_recordset(p) AS x(c uuid, u uuid, s0 date, s1 date, e0 date, e1 date)
     WHERE s0 IS DISTINCT FROM s1
    UNION ALL
    SELECT jsonb_build_object('c', c, 'u', u, 'f', least(e0, e1) + 1,
             't', CASE WHEN e0 IS NULL OR e1 IS NULL THEN 'infinity'::date ELSE greatest(e0, e1) + 1 END)
      FROM jsonb_to_recordset(p) AS x(c uuid, u uuid, s0 date, s1 date, e0 date, e1 date)
     WHERE e0 IS DISTINCT FROM e1) y;
  IF k IS NOT NULL THEN
    PERFORM attendance_board_rekey_between(k);
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
-- The members per key of the same people derived again (their terms read the employment's dates).
CREATE OR REPLACE FUNCTION schedule_members_employees_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cs uuid[];
  us uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM new_rows
     WHERE start_date IS NOT NULL OR end_date IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM old_rows
     WHERE start_date IS NOT NULL OR end_date IS NOT NULL;
  ELSE
    SELECT array_agg(c), array_agg(u) INTO cs, us FROM (
      SELECT n.company_id c, n.user_id u FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id, n.start_date, n.end_date) IS DISTINCT FROM (o.company_id, o.user_id, o.start_date, o.end_date)
      UNION
      SELECT o.company_id, o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id, n.start_date, n.end_date) IS DISTINCT FROM (o.company_id, o.user_id, o.start_date, o.end_date)) t;
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
-- Backfill: the days outside an employment take the new key (the counts follow through their
-- triggers), and the members per key are derived again.
SELECT set_config('app.scope', 'system', true);
--> statement-breakpoint
UPDATE stats_member_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
  FROM employees e
 WHERE e.company_id = s.company_id AND e.user_id = s.user_id AND (e.end_date < s.day OR e.start_date > s.day)
   AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
--> statement-breakpoint
UPDATE attendance_leave_days s SET board_schedule = attendance_board_key(s.company_id, s.user_id, s.day)
  FROM employees e
 WHERE e.company_id = s.company_id AND e.user_id = s.user_id AND (e.end_date < s.day OR e.start_date > s.day)
   AND s.board_schedule IS DISTINCT FROM attendance_board_key(s.company_id, s.user_id, s.day);
--> statement-breakpoint
SELECT schedule_members_rebuild(id) FROM companies;
--> statement-breakpoint
SELECT set_config('app.scope', '', true);
