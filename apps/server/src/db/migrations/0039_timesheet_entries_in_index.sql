-- hand-written
-- A person's timesheet (a week or a month) and the payroll export read a person's entries by
-- company, person and day. The entries of a day are written together, so a person's month lies on
-- as many table pages as days: at 100,000 members × 100 days, one person's month read 27 of its 32
-- buffers from disk (8 ms) and its p99 at 10 callers was 171 ms. The same index, with every column
-- the timesheet shows included, answers it from one or two index pages (an index-only scan, once
-- the pages are all-visible). A clock-out is not a HOT update with or without it: it changes
-- `status`, which the open-entry indexes hold. The keys are unchanged, so every other use stays.
CREATE INDEX "attendance_entries_user_day_cover_idx" ON "attendance_entries" USING btree ("company_id","user_id","work_date") INCLUDE ("clock_in","clock_out","recorded_in","recorded_out","status","source","version","id");--> statement-breakpoint
DROP INDEX "attendance_entries_user_day_idx";--> statement-breakpoint
ALTER INDEX "attendance_entries_user_day_cover_idx" RENAME TO "attendance_entries_user_day_idx";
