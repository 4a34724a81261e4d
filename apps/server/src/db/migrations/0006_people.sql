CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parent_id" uuid,
	"head_user_id" uuid,
	"color" text DEFAULT '#228be6' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"self_editable" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"job_title" text,
	"department_id" uuid,
	"manager_user_id" uuid,
	"employment_type" text,
	"start_date" date,
	"end_date" date,
	"work_location" text,
	"work_phone" text,
	"emergency_name" text,
	"emergency_relation" text,
	"emergency_phone" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"self_editable" text[] DEFAULT '{workPhone,workLocation,emergencyContact}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_id_departments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_head_user_id_users_id_fk" FOREIGN KEY ("head_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_fields" ADD CONSTRAINT "employee_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_settings" ADD CONSTRAINT "people_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_company_name_key" ON "departments" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "departments_company_parent_idx" ON "departments" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE INDEX "departments_company_created_idx" ON "departments" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_fields_company_label_key" ON "employee_fields" USING btree ("company_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_user_key" ON "employees" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "employees_company_manager_idx" ON "employees" USING btree ("company_id","manager_user_id");--> statement-breakpoint
CREATE INDEX "employees_company_department_idx" ON "employees" USING btree ("company_id","department_id");--> statement-breakpoint
-- hand-written
GRANT SELECT, INSERT, UPDATE, DELETE ON departments TO wac_app;
--> statement-breakpoint
ALTER TABLE departments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE departments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY departments_scope ON departments
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON employees TO wac_app;
--> statement-breakpoint
ALTER TABLE employees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY employees_scope ON employees
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON employee_fields TO wac_app;
--> statement-breakpoint
ALTER TABLE employee_fields ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employee_fields FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY employee_fields_scope ON employee_fields
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON people_settings TO wac_app;
--> statement-breakpoint
ALTER TABLE people_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE people_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY people_settings_scope ON people_settings
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
