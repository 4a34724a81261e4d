CREATE TABLE "certification_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"evidence" "bytea",
	"evidence_name" text,
	"evidence_content_type" text,
	"evidence_size" integer,
	"is_current" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certification_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"validity_months" integer DEFAULT 12 NOT NULL,
	"remind_days_before" integer DEFAULT 30 NOT NULL,
	"audience_all" boolean DEFAULT true NOT NULL,
	"audience_team_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audience_department_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certification_records" ADD CONSTRAINT "certification_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_records" ADD CONSTRAINT "certification_records_type_id_certification_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."certification_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_types" ADD CONSTRAINT "certification_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_records_holder_idx" ON "certification_records" USING btree ("company_id","type_id","user_id","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_records_current_key" ON "certification_records" USING btree ("company_id","type_id","user_id") WHERE is_current;--> statement-breakpoint
CREATE INDEX "certification_records_current_expiry_idx" ON "certification_records" USING btree ("company_id","type_id","expires_on") WHERE is_current;--> statement-breakpoint
CREATE UNIQUE INDEX "certification_types_company_name_key" ON "certification_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "certification_types_company_created_idx" ON "certification_types" USING btree ("company_id","created_at","id");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON certification_types, certification_records TO wac_app;

--> statement-breakpoint
ALTER TABLE certification_types ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE certification_types FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY certification_types_scope ON certification_types
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
ALTER TABLE certification_records ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE certification_records FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY certification_records_scope ON certification_records
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
-- Marks a person's record that counts for a type (the one that expires last) as current, after a
-- record of theirs was added or removed. A per-person advisory lock held to commit serialises two
-- writes for the same person, so exactly one record stays current (the unique partial index
-- certification_records_current_key is the backstop). Runs as the caller: row-level security applies.
CREATE FUNCTION certification_refresh_current(p_company uuid, p_type uuid, p_user uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('certification:' || p_type::text || ':' || p_user::text, 0));
  UPDATE certification_records SET is_current = false
    WHERE company_id = p_company AND type_id = p_type AND user_id = p_user AND is_current;
  UPDATE certification_records SET is_current = true
    WHERE id = (SELECT id FROM certification_records
      WHERE company_id = p_company AND type_id = p_type AND user_id = p_user
      ORDER BY expires_on DESC, created_at DESC, id DESC LIMIT 1);
END $$;
