CREATE TABLE "stats_member_days" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"first_in" timestamp with time zone NOT NULL,
	"worked_seconds" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_member_days_pkey" PRIMARY KEY("company_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "stats_member_days" ADD CONSTRAINT "stats_member_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_member_days" ADD CONSTRAINT "stats_member_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written
-- Backfill from the entries already there.
INSERT INTO stats_member_days (company_id, user_id, day, first_in, worked_seconds, entries)
SELECT company_id, user_id, work_date, min(clock_in),
       coalesce(floor(sum(extract(epoch FROM clock_out - clock_in)) FILTER (WHERE clock_out IS NOT NULL)), 0)::int,
       count(*)::int
  FROM attendance_entries WHERE status <> 'removed'
 GROUP BY company_id, user_id, work_date;

--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON stats_member_days TO wac_app;

--> statement-breakpoint
ALTER TABLE stats_member_days ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE stats_member_days FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY stats_member_days_scope ON stats_member_days
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
-- Recomputes one member's company day from their attendance entries (not removed): first clock-in,
-- seconds of the closed entries, number of entries; no entry left → no row.
CREATE OR REPLACE FUNCTION stats_member_day_refresh(c uuid, u uuid, d date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT min(clock_in) AS first_in,
         coalesce(floor(sum(extract(epoch FROM clock_out - clock_in)) FILTER (WHERE clock_out IS NOT NULL)), 0)::int AS worked,
         count(*)::int AS n
    INTO r
    FROM attendance_entries
   WHERE company_id = c AND user_id = u AND work_date = d AND status <> 'removed';
  IF r.n = 0 THEN
    DELETE FROM stats_member_days WHERE company_id = c AND day = d AND user_id = u;
  ELSE
    INSERT INTO stats_member_days (company_id, user_id, day, first_in, worked_seconds, entries)
    VALUES (c, u, d, r.first_in, r.worked, r.n)
    ON CONFLICT (company_id, day, user_id) DO UPDATE
      SET first_in = EXCLUDED.first_in, worked_seconds = EXCLUDED.worked_seconds, entries = EXCLUDED.entries;
  END IF;
END
$$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_member_days_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.company_id = OLD.company_id AND NEW.user_id = OLD.user_id AND NEW.work_date = OLD.work_date
     AND NEW.clock_in = OLD.clock_in AND NEW.clock_out IS NOT DISTINCT FROM OLD.clock_out
     AND NEW.status = OLD.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stats_member_day_refresh(OLD.company_id, OLD.user_id, OLD.work_date);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM stats_member_day_refresh(NEW.company_id, NEW.user_id, NEW.work_date);
  END IF;
  RETURN NULL;
END
$$;

--> statement-breakpoint
CREATE TRIGGER stats_member_days_sync AFTER INSERT OR UPDATE OR DELETE ON attendance_entries
  FOR EACH ROW EXECUTE FUNCTION stats_member_days_sync();
