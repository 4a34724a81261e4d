-- Tenant isolation in the database itself (docs/decisions/003-tenancy-rls.md).
-- Every request-scoped transaction runs as the role wac_app, which cannot bypass row-level security,
-- with app.company_id / app.user_id / app.scope set for that transaction only.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wac_app') THEN
    CREATE ROLE wac_app NOLOGIN NOBYPASSRLS;
  END IF;
END $$;
--> statement-breakpoint
GRANT wac_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO wac_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO wac_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO wac_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_company_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_system() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT coalesce(current_setting('app.scope', true), '') = 'system' $$;
--> statement-breakpoint
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE memberships FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY memberships_scope ON memberships
  USING (app_is_system() OR company_id = app_company_id() OR user_id = app_user_id())
  WITH CHECK (app_is_system() OR company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE join_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE join_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY join_requests_scope ON join_requests
  USING (app_is_system() OR company_id = app_company_id() OR user_id = app_user_id())
  WITH CHECK (app_is_system() OR company_id = app_company_id() OR user_id = app_user_id());
--> statement-breakpoint
ALTER TABLE teams ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE teams FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY teams_scope ON teams USING (app_is_system() OR company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE team_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE team_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY team_members_scope ON team_members USING (app_is_system() OR company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitations_scope ON invitations USING (app_is_system() OR company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_log_scope ON audit_log USING (app_is_system() OR company_id = app_company_id());
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm ON users
  USING gin ((lower(first_name || ' ' || last_name || ' ' || email)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS companies_search_trgm ON companies
  USING gin ((lower(name || ' ' || sub_domain)) gin_trgm_ops);
