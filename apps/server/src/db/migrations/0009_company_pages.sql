CREATE TABLE "bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_page_users" (
	"company_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"scheduling_enabled" boolean DEFAULT true NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"video_call_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "company_page_users_pkey" PRIMARY KEY("page_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "company_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"slug" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"page_id" uuid,
	"page_title" text NOT NULL,
	"recipient_user_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_page_users" ADD CONSTRAINT "company_page_users_page_id_company_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."company_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_page_users" ADD CONSTRAINT "company_page_users_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_pages" ADD CONSTRAINT "company_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_messages" ADD CONSTRAINT "page_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_messages" ADD CONSTRAINT "page_messages_page_id_company_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."company_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_messages" ADD CONSTRAINT "page_messages_membership_fk" FOREIGN KEY ("company_id","recipient_user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_company_user_target_key" ON "bookmarks" USING btree ("company_id","user_id","kind","target");--> statement-breakpoint
CREATE INDEX "company_page_users_company_user_idx" ON "company_page_users" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_pages_company_slug_key" ON "company_pages" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "company_pages_company_title_idx" ON "company_pages" USING btree ("company_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "company_pages_company_created_idx" ON "company_pages" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "page_messages_company_recipient_idx" ON "page_messages" USING btree ("company_id","recipient_user_id","created_at","id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON company_pages, company_page_users, page_messages, bookmarks TO wac_app;
--> statement-breakpoint
ALTER TABLE company_pages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_pages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_pages_scope ON company_pages
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE company_page_users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_page_users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_page_users_scope ON company_page_users
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE page_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE page_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY page_messages_scope ON page_messages
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
ALTER TABLE bookmarks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE bookmarks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY bookmarks_scope ON bookmarks
  USING ((SELECT app_is_system()) OR (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id())));
--> statement-breakpoint
-- The navbar search's door to member_search (same company rule as member_search_ids): the first
-- few matches only. The listing's member_search_page counts and sorts every match, which for a
-- three-letter fragment in a company of 100,000 can be tens of thousands of rows; a search box
-- needs a handful, so the scan stops at p_limit. Fragments of one or two letters have no trigram:
-- they go through the company's rows and a substring test, also stopping at p_limit.
CREATE OR REPLACE FUNCTION member_search_top(p_company uuid, p_fragment text, p_limit int) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 10 AS $$
DECLARE
  frag text := lower(p_fragment);
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  IF length(frag) >= 3 THEN
    RETURN QUERY EXECUTE
      'SELECT s.membership_id FROM member_search s WHERE s.company_id = $1 AND s.search_text LIKE $2 LIMIT $3'
    USING p_company, '%' || replace(replace(replace(frag, '\', '\\'), '%', '\%'), '_', '\_') || '%', p_limit;
  ELSE
    RETURN QUERY
      SELECT s.membership_id FROM member_search s
       WHERE s.company_id = p_company AND strpos(s.search_text, frag) > 0 LIMIT p_limit;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION member_search_top(uuid, text, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION member_search_top(uuid, text, int) TO wac_app;
