CREATE TABLE "employee_record_gaps" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "employee_record_gaps_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "employee_record_gaps" ADD CONSTRAINT "employee_record_gaps_membership_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."memberships"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The members without an employee record (issue 9, the org chart's top): a member joins without a
-- record, the first write of their record fills the gap, and a record removed while the member
-- stays opens it again. Leaving the company removes the row with the membership.
REVOKE INSERT, UPDATE, DELETE ON employee_record_gaps FROM wac_app;
--> statement-breakpoint
ALTER TABLE employee_record_gaps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE employee_record_gaps FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY employee_record_gaps_scope ON employee_record_gaps
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_record_gaps_members() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO employee_record_gaps (company_id, user_id)
  SELECT n.company_id, n.user_id FROM new_rows n
   WHERE NOT EXISTS (SELECT 1 FROM employees e WHERE e.company_id = n.company_id AND e.user_id = n.user_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employee_record_gaps_members AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_record_gaps_members();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_record_gaps_records() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    DELETE FROM employee_record_gaps g USING new_rows n WHERE g.company_id = n.company_id AND g.user_id = n.user_id;
  ELSE
    -- A record removed with its membership (the cascade runs after the membership is gone) leaves no gap.
    INSERT INTO employee_record_gaps (company_id, user_id)
    SELECT o.company_id, o.user_id FROM old_rows o
     WHERE EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = o.company_id AND m.user_id = o.user_id)
       AND NOT EXISTS (SELECT 1 FROM employees e WHERE e.company_id = o.company_id AND e.user_id = o.user_id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employee_record_gaps_records_insert AFTER INSERT ON employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_record_gaps_records();
--> statement-breakpoint
CREATE TRIGGER employee_record_gaps_records_delete AFTER DELETE ON employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_record_gaps_records();
--> statement-breakpoint
INSERT INTO employee_record_gaps (company_id, user_id)
SELECT m.company_id, m.user_id FROM memberships m
 WHERE NOT EXISTS (SELECT 1 FROM employees e WHERE e.company_id = m.company_id AND e.user_id = m.user_id);
