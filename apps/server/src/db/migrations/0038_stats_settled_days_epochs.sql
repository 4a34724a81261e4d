ALTER TABLE "stats_epochs" ADD COLUMN "days_n" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written
-- Stats reads a period's day rows (decision 024). Those of a settled day (five days before the
-- company's today or earlier) move only when a day aggregate or an employment change of a day more
-- than three days before the UTC date is written (a correction of last month, a team change that
-- re-attributes a person's history, a rebuild), or when a holiday or a schedule changes (they are
-- read at answer time). Each of those bumps the company's `days_n`; the server keeps settled days'
-- rows under it (decision 029). A clock-in, an auto-close or a correction of this week bump nothing.
CREATE OR REPLACE FUNCTION stats_days_epochs_bump(cs uuid[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO stats_epochs AS x (company_id, n, days_n)
  SELECT DISTINCT co.id, 0, 1 FROM unnest(cs) AS c(id) JOIN companies co ON co.id = c.id ORDER BY 1
  ON CONFLICT (company_id) DO UPDATE SET days_n = x.days_n + 1;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stats_days_epochs_bump(uuid[]) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_days_epochs_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cs uuid[];
  settled date := (now() AT TIME ZONE 'UTC')::date - 3;
BEGIN
  IF TG_TABLE_NAME IN ('stats_scope_days', 'stats_scope_spans') THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT company_id) INTO cs FROM old_rows WHERE day <= settled;
    ELSE
      SELECT array_agg(DISTINCT company_id) INTO cs FROM new_rows WHERE day <= settled;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT company_id) INTO cs FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT company_id) INTO cs FROM new_rows;
  END IF;
  IF cs IS NOT NULL THEN PERFORM stats_days_epochs_bump(cs); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_scope_days_insert AFTER INSERT ON stats_scope_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_scope_days_update AFTER UPDATE ON stats_scope_days
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_scope_days_delete AFTER DELETE ON stats_scope_days
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_scope_spans_insert AFTER INSERT ON stats_scope_spans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_scope_spans_update AFTER UPDATE ON stats_scope_spans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_scope_spans_delete AFTER DELETE ON stats_scope_spans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_holidays_insert AFTER INSERT ON holidays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_holidays_update AFTER UPDATE ON holidays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_holidays_delete AFTER DELETE ON holidays
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_work_schedules_insert AFTER INSERT ON work_schedules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_work_schedules_update AFTER UPDATE ON work_schedules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
--> statement-breakpoint
CREATE TRIGGER stats_days_epochs_work_schedules_delete AFTER DELETE ON work_schedules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_epochs_track();
