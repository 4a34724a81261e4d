CREATE TABLE "time_off_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 3) NOT NULL,
	"effective_date" date NOT NULL,
	"reason" text,
	"request_id" uuid,
	"period" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_ledger_kind_check" CHECK ("time_off_ledger"."kind" IN ('grant', 'accrual', 'taken', 'adjustment', 'carry_over', 'expiry'))
);
--> statement-breakpoint
CREATE TABLE "time_off_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_half" boolean DEFAULT false NOT NULL,
	"end_half" boolean DEFAULT false NOT NULL,
	"amount" numeric(12, 3) NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_requests_status_check" CHECK ("time_off_requests"."status" IN ('pending', 'approved', 'declined', 'cancelled')),
	CONSTRAINT "time_off_requests_dates_check" CHECK ("time_off_requests"."end_date" >= "time_off_requests"."start_date")
);
--> statement-breakpoint
CREATE TABLE "time_off_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#1c7ed6' NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"unit" text DEFAULT 'days' NOT NULL,
	"yearly_allowance" numeric(12, 3) DEFAULT '0' NOT NULL,
	"accrual" text DEFAULT 'yearly' NOT NULL,
	"carry_over_cap" numeric(12, 3),
	"needs_approval" boolean DEFAULT true NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_types_unit_check" CHECK ("time_off_types"."unit" IN ('days', 'hours')),
	CONSTRAINT "time_off_types_accrual_check" CHECK ("time_off_types"."accrual" IN ('yearly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_type_id_time_off_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."time_off_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_type_id_time_off_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."time_off_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_types" ADD CONSTRAINT "time_off_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_off_ledger_company_user_type_idx" ON "time_off_ledger" USING btree ("company_id","user_id","type_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "time_off_ledger_period_key" ON "time_off_ledger" USING btree ("company_id","user_id","type_id","kind","period") WHERE "time_off_ledger"."period" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "time_off_requests_company_user_start_idx" ON "time_off_requests" USING btree ("company_id","user_id","start_date");--> statement-breakpoint
CREATE INDEX "time_off_requests_company_pending_idx" ON "time_off_requests" USING btree ("company_id","created_at","id") WHERE "time_off_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "time_off_requests_company_end_idx" ON "time_off_requests" USING btree ("company_id","end_date","start_date") WHERE "time_off_requests"."status" IN ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "time_off_types_company_name_key" ON "time_off_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "time_off_types_company_created_idx" ON "time_off_types" USING btree ("company_id","created_at","id");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON time_off_types TO wac_app;

--> statement-breakpoint
ALTER TABLE time_off_types ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE time_off_types FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY time_off_types_scope ON time_off_types
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
GRANT SELECT, INSERT ON time_off_ledger TO wac_app;

--> statement-breakpoint
ALTER TABLE time_off_ledger ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE time_off_ledger FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY time_off_ledger_scope ON time_off_ledger
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON time_off_requests TO wac_app;

--> statement-breakpoint
ALTER TABLE time_off_requests ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE time_off_requests FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY time_off_requests_scope ON time_off_requests
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
