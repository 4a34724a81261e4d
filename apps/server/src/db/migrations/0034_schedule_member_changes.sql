CREATE TABLE "schedule_member_changes" (
	"company_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "schedule_member_changes_pkey" PRIMARY KEY("company_id","schedule_id","day")
);
--> statement-breakpoint
CREATE TABLE "schedule_member_terms" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "schedule_member_terms_pkey" PRIMARY KEY("company_id","user_id","schedule_id","day")
);
--> statement-breakpoint
ALTER TABLE "schedule_member_changes" ADD CONSTRAINT "schedule_member_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_member_terms" ADD CONSTRAINT "schedule_member_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The day board's members per assigned schedule, kept as a series of changes (decision 021, amended
-- 2026-11-28): counting them from the assignments read every assignment of the company and looked
-- up each one's membership (53 ms of the dashboard's 55 at 100,000 members with 10,000 assignments).
-- For every enabled member, each assignment adds 1 to its schedule on its effective day and takes it
-- back on the day of the member's next assignment; members following S on day d = the sum of S's
-- rows up to d. What each person adds is stored (schedule_member_terms): a change to a person takes
-- their terms back and writes them again from the rows as they are now. Nothing depends on the state
-- before the statement, so a user's deletion, which removes their memberships and assignments by
-- two cascades whose triggers both see the end state, leaves the series right.
REVOKE INSERT, UPDATE, DELETE ON schedule_member_changes FROM wac_app;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON schedule_member_terms FROM wac_app;
--> statement-breakpoint
ALTER TABLE schedule_member_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_member_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY schedule_member_changes_scope ON schedule_member_changes
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE schedule_member_terms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_member_terms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY schedule_member_terms_scope ON schedule_member_terms
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- The people (company c[i], user u[i]) derived again: their stored terms taken off the series, their
-- terms written from the assignments and the enabled membership as they are, and added. The
-- companies join leaves out a company being deleted (its rows go by cascade).
CREATE OR REPLACE FUNCTION schedule_members_refresh(cs uuid[], us uuid[])
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF cs IS NULL OR cardinality(cs) = 0 THEN RETURN; END IF;
  -- Most writes touch people with no assignment and no share (a member joining, a rename): one probe.
  IF NOT EXISTS (SELECT 1 FROM unnest(cs, us) AS x(c, u)
                  WHERE EXISTS (SELECT 1 FROM schedule_assignments a WHERE a.company_id = x.c AND a.user_id = x.u)
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
  SELECT c, u, s, d, sum(k)::int FROM (
      SELECT a.company_id AS c, a.user_id AS u, a.schedule_id AS s, a.effective_from AS f,
             lead(a.effective_from) OVER (PARTITION BY a.company_id, a.user_id ORDER BY a.effective_from) AS nf
        FROM (SELECT DISTINCT c, u FROM unnest(cs, us) AS x(c, u)) w
        JOIN memberships m ON m.company_id = w.c AND m.user_id = w.u AND m.enabled
        JOIN companies co ON co.id = w.c
        JOIN schedule_assignments a ON a.company_id = w.c AND a.user_id = w.u) t
   CROSS JOIN LATERAL (VALUES (t.f, 1), (t.nf, -1)) v(d, k)
   WHERE v.d IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0;
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
CREATE OR REPLACE FUNCTION schedule_members_assignments_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cs uuid[];
  us uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM old_rows;
  ELSE
    SELECT array_agg(c), array_agg(u) INTO cs, us
      FROM (SELECT company_id c, user_id u FROM new_rows UNION SELECT company_id, user_id FROM old_rows) t;
  END IF;
  PERFORM schedule_members_refresh(cs, us);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schedule_members_assignments_insert AFTER INSERT ON schedule_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_assignments_track();
--> statement-breakpoint
CREATE TRIGGER schedule_members_assignments_update AFTER UPDATE ON schedule_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_assignments_track();
--> statement-breakpoint
CREATE TRIGGER schedule_members_assignments_delete AFTER DELETE ON schedule_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_assignments_track();
--> statement-breakpoint
-- A membership made, removed, enabled or disabled (or moved to another person or company): only the
-- rows whose state changed, so a rename (which rewrites the membership's copy of the name) costs nothing.
CREATE OR REPLACE FUNCTION schedule_members_memberships_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cs uuid[];
  us uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us FROM old_rows;
  ELSE
    SELECT array_agg(c), array_agg(u) INTO cs, us FROM (
      SELECT n.company_id c, n.user_id u FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id, n.enabled) IS DISTINCT FROM (o.company_id, o.user_id, o.enabled)
      UNION
      SELECT o.company_id, o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.company_id, n.user_id) IS DISTINCT FROM (o.company_id, o.user_id)) t;
  END IF;
  PERFORM schedule_members_refresh(cs, us);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schedule_members_memberships_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_memberships_track();
--> statement-breakpoint
CREATE TRIGGER schedule_members_memberships_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_memberships_track();
--> statement-breakpoint
CREATE TRIGGER schedule_members_memberships_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_members_memberships_track();
--> statement-breakpoint
-- A company's series from scratch (the backfill below, `npm run stats:rebuild`, the tests): the
-- caller's company only, unless the system scope.
CREATE OR REPLACE FUNCTION schedule_members_rebuild(p_company uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  DELETE FROM schedule_member_changes WHERE company_id = p_company;
  DELETE FROM schedule_member_terms WHERE company_id = p_company;
  -- Every person with an assignment, derived as a change would (nothing stored is left to take back).
  PERFORM schedule_members_refresh(x.cs, x.us)
     FROM (SELECT array_agg(company_id) AS cs, array_agg(user_id) AS us
             FROM (SELECT DISTINCT company_id, user_id FROM schedule_assignments WHERE company_id = p_company) d) x;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION schedule_members_refresh(uuid[], uuid[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION schedule_members_rebuild(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION schedule_members_rebuild(uuid) TO wac_app;
--> statement-breakpoint
SELECT set_config('app.scope', 'system', true);
--> statement-breakpoint
SELECT schedule_members_rebuild(id) FROM companies;
--> statement-breakpoint
SELECT set_config('app.scope', '', true);
