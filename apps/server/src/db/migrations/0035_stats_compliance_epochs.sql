CREATE TABLE "stats_epochs" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stats_epochs" ADD CONSTRAINT "stats_epochs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Stats' policy figures at an instant already past depend on rows that rarely change after it: the
-- memberships (enabled, made when), today's teams and departments, the policies (audience, due days,
-- archived), their versions, and acknowledgements (recorded with the server's clock, so after any
-- past instant, unless written for the past). A statement changing any of those bumps the company's
-- count; the server keeps a past instant's figures under the count they were computed at.
REVOKE INSERT, UPDATE, DELETE ON stats_epochs FROM wac_app;
--> statement-breakpoint
ALTER TABLE stats_epochs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stats_epochs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stats_epochs_scope ON stats_epochs
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_epochs_bump(cs uuid[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO stats_epochs AS x (company_id, n)
  SELECT DISTINCT co.id, 1 FROM unnest(cs) AS c(id) JOIN companies co ON co.id = c.id ORDER BY 1
  ON CONFLICT (company_id) DO UPDATE SET n = x.n + 1;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stats_epochs_bump(uuid[]) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_epochs_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE cs uuid[];
BEGIN
  IF TG_TABLE_NAME = 'policy_acknowledgements' THEN
    -- Recorded now: no past instant moves. Recorded for the past (a seed, an import): it does.
    SELECT array_agg(DISTINCT company_id) INTO cs FROM new_rows WHERE acknowledged_at < now() - interval '5 minutes';
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT company_id) INTO cs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT company_id) INTO cs FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT c) INTO cs FROM (SELECT company_id c FROM new_rows UNION SELECT company_id FROM old_rows) t;
  END IF;
  IF cs IS NOT NULL THEN PERFORM stats_epochs_bump(cs); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_epochs_memberships_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_memberships_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_memberships_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_team_members_insert AFTER INSERT ON team_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_team_members_update AFTER UPDATE ON team_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_team_members_delete AFTER DELETE ON team_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_employees_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_employees_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_employees_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_policies_insert AFTER INSERT ON policies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_policies_update AFTER UPDATE ON policies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_policies_delete AFTER DELETE ON policies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_policy_versions_insert AFTER INSERT ON policy_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_policy_versions_update AFTER UPDATE ON policy_versions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_policy_versions_delete AFTER DELETE ON policy_versions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_epochs_policy_acknowledgements_insert AFTER INSERT ON policy_acknowledgements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_epochs_track();
