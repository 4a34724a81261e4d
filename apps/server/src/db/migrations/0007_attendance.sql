CREATE TABLE "attendance_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" uuid,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"clock_in" timestamp with time zone NOT NULL,
	"clock_out" timestamp with time zone,
	"recorded_in" timestamp with time zone,
	"recorded_out" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"ip" text,
	"user_agent" text,
	"idempotency_key" text,
	"close_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"week_start" smallint DEFAULT 1 NOT NULL,
	"auto_close_margin_minutes" integer DEFAULT 120 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_locks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"locked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"days" jsonb NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"grace_minutes" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_entry_id_attendance_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."attendance_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_settings" ADD CONSTRAINT "attendance_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assignments" ADD CONSTRAINT "schedule_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assignments" ADD CONSTRAINT "schedule_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assignments" ADD CONSTRAINT "schedule_assignments_schedule_id_work_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."work_schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_locks" ADD CONSTRAINT "timesheet_locks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_locks" ADD CONSTRAINT "timesheet_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_schedules" ADD CONSTRAINT "work_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_corrections_company_status_idx" ON "attendance_corrections" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "attendance_corrections_entry_idx" ON "attendance_corrections" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "attendance_entries_day_idx" ON "attendance_entries" USING btree ("company_id","work_date","user_id");--> statement-breakpoint
CREATE INDEX "attendance_entries_user_day_idx" ON "attendance_entries" USING btree ("company_id","user_id","work_date");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_entries_idempotency_key" ON "attendance_entries" USING btree ("company_id","user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_company_date_key" ON "holidays" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_assignments_user_from_key" ON "schedule_assignments" USING btree ("company_id","user_id","effective_from");--> statement-breakpoint
CREATE INDEX "schedule_assignments_schedule_idx" ON "schedule_assignments" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "timesheet_locks_company_idx" ON "timesheet_locks" USING btree ("company_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "work_schedules_company_name_key" ON "work_schedules" USING btree ("company_id","name");--> statement-breakpoint
-- hand-written
ALTER TABLE attendance_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_settings_scope ON attendance_settings
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE holidays ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE holidays FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY holidays_scope ON holidays
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE work_schedules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE work_schedules FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY work_schedules_scope ON work_schedules
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE schedule_assignments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_assignments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY schedule_assignments_scope ON schedule_assignments
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE attendance_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_entries_scope ON attendance_entries
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE attendance_corrections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_corrections FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY attendance_corrections_scope ON attendance_corrections
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE timesheet_locks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE timesheet_locks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY timesheet_locks_scope ON timesheet_locks
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()))
  WITH CHECK ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- At most one open entry per person: a double click, a retry or a second tab meets this index.
CREATE UNIQUE INDEX attendance_entries_one_open ON attendance_entries (company_id, user_id) WHERE status = 'open';
--> statement-breakpoint
-- Entries still open, for the auto-close job.
CREATE INDEX attendance_entries_open_idx ON attendance_entries (clock_in) WHERE status = 'open';
--> statement-breakpoint
CREATE UNIQUE INDEX work_schedules_one_default ON work_schedules (company_id) WHERE is_default;
--> statement-breakpoint
ALTER TABLE attendance_entries ADD CONSTRAINT attendance_entries_order CHECK (clock_out IS NULL OR clock_out > clock_in);
--> statement-breakpoint
ALTER TABLE attendance_entries ADD CONSTRAINT attendance_entries_status CHECK (status IN ('open', 'closed', 'auto_closed', 'removed'));
--> statement-breakpoint
ALTER TABLE attendance_settings ADD CONSTRAINT attendance_settings_week_start CHECK (week_start BETWEEN 1 AND 7);
--> statement-breakpoint
ALTER TABLE timesheet_locks ADD CONSTRAINT timesheet_locks_range CHECK (to_date >= from_date);
