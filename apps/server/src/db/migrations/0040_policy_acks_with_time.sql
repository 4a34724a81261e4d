-- hand-written
-- Stats' policy figures at the ends of an answer's two periods group each person's
-- acknowledgements of a policy (the latest version acknowledged before each end). At 100,000
-- members and 70,000 acknowledgements, reading them through the person-and-version index fetched
-- every row from the table (70,000 buffers, about 100 ms of a 240 ms statement). The same unique
-- index, with the acknowledgement's instant included, answers it from the index alone (once the
-- pages are all-visible). The keys are unchanged, so the uniqueness and every other use stay.
CREATE UNIQUE INDEX "policy_acks_person_version_cover_key" ON "policy_acknowledgements" USING btree ("company_id","policy_id","user_id","version_number") INCLUDE ("acknowledged_at");--> statement-breakpoint
DROP INDEX "policy_acks_person_version_key";--> statement-breakpoint
ALTER INDEX "policy_acks_person_version_cover_key" RENAME TO "policy_acks_person_version_key";
