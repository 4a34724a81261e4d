-- A manager's reports in name order (the record's copy of the name, migration 0033): an org-chart
-- level reads one page of them instead of every report and a sort. The new index serves every use
-- of the old one (its first two columns), which goes after it.
CREATE INDEX "employees_company_manager_name_idx" ON "employees" USING btree ("company_id","manager_user_id","sort_name","user_id");--> statement-breakpoint
DROP INDEX "employees_company_manager_idx";
