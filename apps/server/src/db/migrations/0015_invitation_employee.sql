-- The employee record a CSV import gave an invited person, written when they join (docs/people.md).
ALTER TABLE "invitations" ADD COLUMN "employee" jsonb;
