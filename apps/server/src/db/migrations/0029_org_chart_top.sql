CREATE INDEX "memberships_company_disabled_idx" ON "memberships" USING btree ("company_id","user_id") WHERE NOT enabled;--> statement-breakpoint
-- The org chart's top (issue 9) without judging every member: a person is at the top when they have
-- no record, no manager, or a manager who is no longer current (disabled, or their employment
-- ended). A manager is now always a member of the company, so those are found from the disabled
-- members (the index above) and the ended records (employees_company_end_idx). Removing a member
-- clears the manager of their reports (their records stay); managers who are no longer members are
-- cleared first. (Not in the Drizzle schema: it cannot say SET NULL of one column of a composite key.)
UPDATE employees e SET manager_user_id = NULL
 WHERE e.manager_user_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = e.company_id AND m.user_id = e.manager_user_id);
--> statement-breakpoint
ALTER TABLE employees ADD CONSTRAINT employees_manager_membership_fk FOREIGN KEY (company_id, manager_user_id)
  REFERENCES memberships (company_id, user_id) ON DELETE SET NULL (manager_user_id);
