-- A policy's tracking list sorted by due date: a person's due date is the later of the version's
-- publication and their joining, plus the days allowed, so within one policy it never decreases
-- as the joining date grows. The list walks this index in joining order (ties of the due date fall
-- to the joining date, then the person) and tests the status on the included column: an index-only
-- scan, where it sorted the whole audience before (168 ms p50 at 100,000 people, 10 callers).
CREATE INDEX "policy_assignees_joined_idx" ON "policy_assignees" USING btree ("company_id","policy_id","joined_at","user_id") INCLUDE ("acked_number");
