-- hand-written
-- Stats' "Certifications valid %" on a company day is a function of the rows it reads and of nothing
-- else (no clock): the certification types (audience), the approved records (issued on, expires on),
-- the memberships (enabled, made when), today's teams and departments, the employment ends and the
-- company's zone. A statement changing any of those, in a company that has a certification type,
-- bumps the company's `stats_epochs.n` (unread since migration 0043); the server keeps each scope's
-- figure of a day under that count (decision 032), so a warm answer reads no certificate. A clock-in,
-- an acknowledgement, a time-off request or a renamed person bump nothing.
CREATE OR REPLACE FUNCTION stats_certs_epochs_bump(cs uuid[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO stats_epochs AS x (company_id, n)
  SELECT DISTINCT co.id, 1 FROM unnest(cs) AS c(id) JOIN companies co ON co.id = c.id ORDER BY 1
  ON CONFLICT (company_id) DO UPDATE SET n = x.n + 1;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stats_certs_epochs_bump(uuid[]) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_certs_epochs_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE cs uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT company_id) INTO cs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT company_id) INTO cs FROM old_rows;
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    SELECT array_agg(DISTINCT n.company_id) INTO cs FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE (n.enabled, n.created_at, n.company_id, n.user_id) IS DISTINCT FROM (o.enabled, o.created_at, o.company_id, o.user_id);
  ELSIF TG_TABLE_NAME = 'employees' THEN
    SELECT array_agg(DISTINCT n.company_id) INTO cs FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE (n.end_date, n.department_id, n.company_id, n.user_id) IS DISTINCT FROM (o.end_date, o.department_id, o.company_id, o.user_id);
  ELSE
    SELECT array_agg(DISTINCT c) INTO cs FROM (SELECT company_id c FROM new_rows UNION SELECT company_id FROM old_rows) t;
  END IF;
  -- A company without a certification type answers the figure without reading anything: no count.
  IF cs IS NOT NULL AND TG_TABLE_NAME <> 'certification_types' THEN
    cs := ARRAY(SELECT c FROM unnest(cs) AS u(c) WHERE EXISTS (SELECT 1 FROM certification_types ct WHERE ct.company_id = u.c));
  END IF;
  IF cs IS NOT NULL AND cardinality(cs) > 0 THEN PERFORM stats_certs_epochs_bump(cs); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_certs_epochs_zone() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE cs uuid[];
BEGIN
  SELECT array_agg(DISTINCT n.id) INTO cs FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.time_zone IS DISTINCT FROM o.time_zone
     AND EXISTS (SELECT 1 FROM certification_types ct WHERE ct.company_id = n.id);
  IF cs IS NOT NULL THEN PERFORM stats_certs_epochs_bump(cs); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_insert AFTER INSERT ON certification_types
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_update AFTER UPDATE ON certification_types
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_delete AFTER DELETE ON certification_types
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_insert AFTER INSERT ON certification_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_update AFTER UPDATE ON certification_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_delete AFTER DELETE ON certification_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_insert AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_delete AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_insert AFTER INSERT ON team_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_update AFTER UPDATE ON team_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_delete AFTER DELETE ON team_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_update AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_certs_epochs_zone AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_certs_epochs_zone();
