ALTER TABLE "employees" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Employee records carry their person's name as the memberships do (migration 0002): lists that
-- read the record anyway (the team calendar) sort by it without a lookup per person in `users`.
CREATE OR REPLACE FUNCTION employees_fill_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.first_name || ' ' || u.last_name) INTO NEW.sort_name FROM users u WHERE u.id = NEW.user_id;
  NEW.sort_name := coalesce(NEW.sort_name, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER employees_fill_user BEFORE INSERT OR UPDATE OF user_id ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_fill_user();
--> statement-breakpoint
-- A user's rename reaches their memberships and employee records, in every company (system scope
-- for these statements only, then the caller's scope is restored). The records are found through the
-- person's memberships: `employees` is indexed by company first.
CREATE OR REPLACE FUNCTION users_sync_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE prev text := coalesce(current_setting('app.scope', true), '');
BEGIN
  PERFORM set_config('app.scope', 'system', true);
  UPDATE memberships
     SET sort_name = lower(NEW.first_name || ' ' || NEW.last_name),
         email = NEW.email
   WHERE user_id = NEW.id;
  UPDATE employees SET sort_name = lower(NEW.first_name || ' ' || NEW.last_name)
   WHERE (company_id, user_id) IN (SELECT m.company_id, m.user_id FROM memberships m WHERE m.user_id = NEW.id)
     AND sort_name IS DISTINCT FROM lower(NEW.first_name || ' ' || NEW.last_name);
  PERFORM set_config('app.scope', prev, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE employees e SET sort_name = m.sort_name
  FROM memberships m WHERE m.company_id = e.company_id AND m.user_id = e.user_id AND e.sort_name <> m.sort_name;
