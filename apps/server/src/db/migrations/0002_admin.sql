CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "memberships_company_name_idx" ON "memberships" USING btree ("company_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "memberships_company_email_idx" ON "memberships" USING btree ("company_id","email","id");--> statement-breakpoint
CREATE INDEX "memberships_company_roles_idx" ON "memberships" USING btree ("company_id","roles","id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON files TO wac_app;
--> statement-breakpoint
-- Memberships carry a copy of their user's name and email so one company's listing sorts, searches
-- and pages on per-company indexes (a company of 100k members among 1M users). Triggers keep the copy.
CREATE OR REPLACE FUNCTION memberships_fill_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.first_name || ' ' || u.last_name), u.email,
         lower(u.first_name || ' ' || u.last_name || ' ' || u.email)
    INTO NEW.sort_name, NEW.email, NEW.search_text
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER memberships_fill_user BEFORE INSERT OR UPDATE OF user_id ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_fill_user();
--> statement-breakpoint
-- A user's rename reaches all their memberships, in every company: the update runs with the system
-- scope for this statement only, then the caller's scope is restored.
CREATE OR REPLACE FUNCTION users_sync_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE prev text := coalesce(current_setting('app.scope', true), '');
BEGIN
  PERFORM set_config('app.scope', 'system', true);
  UPDATE memberships
     SET sort_name = lower(NEW.first_name || ' ' || NEW.last_name),
         email = NEW.email,
         search_text = lower(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email)
   WHERE user_id = NEW.id;
  PERFORM set_config('app.scope', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_sync_memberships AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
                     OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_sync_memberships();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS memberships_search_trgm ON memberships USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS audit_log_company_actor_idx ON audit_log (company_id, actor_user_id, created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS audit_log_company_action_idx ON audit_log (company_id, action, created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sessions_company_user_idx ON sessions (company_id, user_id) WHERE revoked_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invitations_company_email_idx ON invitations (company_id, lower(email)) WHERE status = 'pending';
