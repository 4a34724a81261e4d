DROP INDEX "memberships_company_roles_idx";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "role_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The role sort's key: the roles as one text, kept by a trigger. Text comparison is leakproof, so
-- the keyset condition of an anchored deep page is an index condition under row-level security
-- (docs/decisions/007-member-listing-at-scale.md).
CREATE OR REPLACE FUNCTION memberships_role_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.role_key := array_to_string(NEW.roles, ',');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER memberships_role_key BEFORE INSERT OR UPDATE OF roles ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_role_key();
--> statement-breakpoint
-- The backfill changes no count, order or search text: the tracking trigger sits it out.
ALTER TABLE memberships DISABLE TRIGGER memberships_track_update;
--> statement-breakpoint
UPDATE memberships SET role_key = array_to_string(roles, ',');
--> statement-breakpoint
ALTER TABLE memberships ENABLE TRIGGER memberships_track_update;
--> statement-breakpoint
CREATE INDEX "memberships_company_roles_idx" ON "memberships" USING btree ("company_id","role_key","id") INCLUDE ("user_id","enabled");
