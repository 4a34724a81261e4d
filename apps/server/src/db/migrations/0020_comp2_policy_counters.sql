CREATE TABLE "policy_assignees" (
	"company_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sort_name" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"acked_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "policy_assignees_company_id_policy_id_user_id_pk" PRIMARY KEY("company_id","policy_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "policy_counts" (
	"company_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"acknowledged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "policy_counts_company_id_policy_id_pk" PRIMARY KEY("company_id","policy_id")
);
--> statement-breakpoint
CREATE TABLE "policy_due_counts" (
	"company_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "policy_due_counts_company_id_policy_id_due_at_pk" PRIMARY KEY("company_id","policy_id","due_at")
);
--> statement-breakpoint
ALTER TABLE "policy_assignees" ADD CONSTRAINT "policy_assignees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_assignees" ADD CONSTRAINT "policy_assignees_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_counts" ADD CONSTRAINT "policy_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_counts" ADD CONSTRAINT "policy_counts_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_due_counts" ADD CONSTRAINT "policy_due_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_due_counts" ADD CONSTRAINT "policy_due_counts_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_assignees_user_idx" ON "policy_assignees" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "policy_assignees_name_idx" ON "policy_assignees" USING btree ("company_id","policy_id","sort_name","user_id") INCLUDE ("acked_number","joined_at");
--> statement-breakpoint
-- hand-written
-- Policy tracking at 100,000 people (docs/decisions/022-policy-tracking-counters.md). policy_assignees
-- holds each policy's audience (enabled members in it) with the highest version each person has
-- acknowledged; policy_counts and policy_due_counts sum it (assigned, acknowledged; outstanding by due
-- instant). Everything that moves a person in or out of an audience, an acknowledgement, and a
-- publish / due-days change updates them in the same transaction, through the triggers below.
REVOKE INSERT, UPDATE, DELETE ON policy_assignees, policy_counts, policy_due_counts FROM wac_app;
--> statement-breakpoint
ALTER TABLE policy_assignees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE policy_assignees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY policy_assignees_scope ON policy_assignees
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE policy_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE policy_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY policy_counts_scope ON policy_counts
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE policy_due_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE policy_due_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY policy_due_counts_scope ON policy_due_counts
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- Adds signed deltas of assignee rows to the counters. `d`: [{p: policy, j: joined_at, a: acked
-- number, n: ±count}]. The policies are locked FOR SHARE first, so a concurrent publish or due-days
-- change (which rebuilds the policy's counters under its row lock) is either wholly before these
-- deltas or waits for them; the deltas are computed with the policy as committed. Rows are written
-- in key order so two statements of one policy queue instead of deadlocking.
CREATE OR REPLACE FUNCTION policy_counts_apply(d jsonb) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF d IS NULL OR jsonb_array_length(d) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM policies p
    WHERE p.id IN (SELECT DISTINCT (e->>'p')::uuid FROM jsonb_array_elements(d) e) ORDER BY p.id FOR SHARE;
  INSERT INTO policy_counts AS s (company_id, policy_id, assigned, acknowledged)
  SELECT p.company_id, p.id, sum(x.n)::int, coalesce(sum(x.n) FILTER (WHERE x.a >= p.ack_number), 0)::int
    FROM (SELECT (e->>'p')::uuid AS pid, (e->>'a')::int AS a, (e->>'n')::int AS n FROM jsonb_array_elements(d) e) x
    JOIN policies p ON p.id = x.pid AND p.ack_number IS NOT NULL
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, policy_id) DO UPDATE
    SET assigned = s.assigned + EXCLUDED.assigned, acknowledged = s.acknowledged + EXCLUDED.acknowledged;
  INSERT INTO policy_due_counts AS s (company_id, policy_id, due_at, n)
  SELECT p.company_id, p.id, greatest(p.ack_published_at, x.j) + make_interval(days => p.due_days), sum(x.n)::int
    FROM (SELECT (e->>'p')::uuid AS pid, (e->>'j')::timestamptz AS j, (e->>'a')::int AS a, (e->>'n')::int AS n
            FROM jsonb_array_elements(d) e) x
    JOIN policies p ON p.id = x.pid AND p.ack_number IS NOT NULL
   WHERE x.a < p.ack_number
   GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, policy_id, due_at) DO UPDATE SET n = s.n + EXCLUDED.n;
  DELETE FROM policy_due_counts s
   WHERE s.n = 0 AND (s.company_id, s.policy_id) IN
     (SELECT p.company_id, p.id FROM policies p WHERE p.id IN (SELECT (e->>'p')::uuid FROM jsonb_array_elements(d) e));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION policy_assignees_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('p', policy_id, 'j', joined_at, 'a', acked_number, 'n', k)) INTO d
      FROM (SELECT policy_id, joined_at, acked_number, count(*) k FROM new_rows GROUP BY 1, 2, 3) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('p', policy_id, 'j', joined_at, 'a', acked_number, 'n', -k)) INTO d
      FROM (SELECT policy_id, joined_at, acked_number, count(*) k FROM old_rows GROUP BY 1, 2, 3) g;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('p', policy_id, 'j', joined_at, 'a', acked_number, 'n', k)) INTO d
      FROM (SELECT policy_id, joined_at, acked_number, sum(s) k
              FROM (SELECT policy_id, joined_at, acked_number, 1 s FROM new_rows
                    UNION ALL SELECT policy_id, joined_at, acked_number, -1 FROM old_rows) t
             GROUP BY 1, 2, 3 HAVING sum(s) <> 0) g;
  END IF;
  PERFORM policy_counts_apply(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER policy_assignees_track_insert AFTER INSERT ON policy_assignees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_assignees_track();
--> statement-breakpoint
CREATE TRIGGER policy_assignees_track_update AFTER UPDATE ON policy_assignees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_assignees_track();
--> statement-breakpoint
CREATE TRIGGER policy_assignees_track_delete AFTER DELETE ON policy_assignees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_assignees_track();
--> statement-breakpoint
-- Brings policy_assignees in line with the audiences, for one company: one policy or all (pid null),
-- some people or all (users null). Rows that are already right are not touched.
CREATE OR REPLACE FUNCTION policy_assignees_sync(c uuid, pid uuid, users uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM policies p WHERE p.company_id = c AND (pid IS NULL OR p.id = pid)) THEN RETURN; END IF;
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
-- Recomputes one policy's counters from its assignees: on publish (a new version to acknowledge
-- restarts everyone's due date), a due-days change, and `npm run stats:rebuild`.
CREATE OR REPLACE FUNCTION policy_counts_rebuild(c uuid, pid uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM policy_counts WHERE company_id = c AND policy_id = pid;
  DELETE FROM policy_due_counts WHERE company_id = c AND policy_id = pid;
  INSERT INTO policy_counts (company_id, policy_id, assigned, acknowledged)
  SELECT p.company_id, p.id, count(a.user_id)::int, count(a.user_id) FILTER (WHERE a.acked_number >= p.ack_number)::int
    FROM policies p LEFT JOIN policy_assignees a ON a.company_id = p.company_id AND a.policy_id = p.id
   WHERE p.company_id = c AND p.id = pid AND p.ack_number IS NOT NULL
   GROUP BY 1, 2;
  INSERT INTO policy_due_counts (company_id, policy_id, due_at, n)
  SELECT p.company_id, p.id, greatest(p.ack_published_at, a.joined_at) + make_interval(days => p.due_days), count(*)::int
    FROM policies p JOIN policy_assignees a ON a.company_id = p.company_id AND a.policy_id = p.id
   WHERE p.company_id = c AND p.id = pid AND p.ack_number IS NOT NULL AND a.acked_number < p.ack_number
   GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Everything of one company from scratch (`npm run stats:rebuild`); returns the policies rebuilt.
CREATE OR REPLACE FUNCTION policy_tracking_rebuild(c uuid) RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  r record;
  k int := 0;
BEGIN
  PERFORM policy_assignees_sync(c, NULL, NULL);
  FOR r IN SELECT id FROM policies WHERE company_id = c ORDER BY id FOR UPDATE LOOP
    PERFORM policy_counts_rebuild(c, r.id);
    k := k + 1;
  END LOOP;
  RETURN k;
END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION policy_tracking_rebuild(uuid) TO wac_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION policies_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (NEW.audience_all, NEW.audience_team_ids, NEW.audience_department_ids)
     IS DISTINCT FROM (OLD.audience_all, OLD.audience_team_ids, OLD.audience_department_ids) THEN
    PERFORM policy_assignees_sync(NEW.company_id, NEW.id, NULL);
  END IF;
  IF TG_OP = 'INSERT' OR (NEW.ack_number, NEW.ack_published_at, NEW.due_days)
     IS DISTINCT FROM (OLD.ack_number, OLD.ack_published_at, OLD.due_days) THEN
    PERFORM policy_counts_rebuild(NEW.company_id, NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER policies_track AFTER INSERT OR UPDATE ON policies FOR EACH ROW EXECUTE FUNCTION policies_track();
--> statement-breakpoint
-- People whose audience membership may have changed: a membership (enabled, start, name), a team, a
-- department. `cs`/`us`: company and user of each, in pairs.
CREATE OR REPLACE FUNCTION policy_people_sync(cs uuid[], us uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT c, array_agg(DISTINCT u) AS users FROM unnest(cs, us) t(c, u)
     WHERE u IS NOT NULL GROUP BY c ORDER BY c
  LOOP
    PERFORM policy_assignees_sync(r.c, NULL, r.users);
  END LOOP;
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
       WHERE (n.department_id, n.user_id, n.company_id) IS DISTINCT FROM (o.department_id, o.user_id, o.company_id)
      UNION ALL SELECT o.company_id, o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.department_id, n.user_id, n.company_id) IS DISTINCT FROM (o.department_id, o.user_id, o.company_id)) t;
  ELSE
    SELECT array_agg(company_id), array_agg(user_id) INTO cs, us
      FROM (SELECT company_id, user_id FROM new_rows UNION SELECT company_id, user_id FROM old_rows) t;
  END IF;
  IF cs IS NOT NULL THEN PERFORM policy_people_sync(cs, us); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER memberships_policy_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER memberships_policy_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER memberships_policy_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER team_members_policy_insert AFTER INSERT ON team_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER team_members_policy_update AFTER UPDATE ON team_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER team_members_policy_delete AFTER DELETE ON team_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER employees_policy_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER employees_policy_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
CREATE TRIGGER employees_policy_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_people_track();
--> statement-breakpoint
-- An acknowledgement raises the person's acknowledged number (acknowledgements are insert-only).
CREATE OR REPLACE FUNCTION policy_acknowledgements_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE policy_assignees a SET acked_number = x.v
    FROM (SELECT company_id, policy_id, user_id, max(version_number) v FROM new_rows GROUP BY 1, 2, 3) x
   WHERE a.company_id = x.company_id AND a.policy_id = x.policy_id AND a.user_id = x.user_id AND a.acked_number < x.v;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER policy_acknowledgements_track AFTER INSERT ON policy_acknowledgements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION policy_acknowledgements_track();
--> statement-breakpoint
-- The policies that exist already.
SELECT policy_tracking_rebuild(c.id) FROM companies c WHERE EXISTS (SELECT 1 FROM policies p WHERE p.company_id = c.id);
