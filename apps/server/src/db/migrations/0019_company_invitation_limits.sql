ALTER TABLE "companies" ADD COLUMN "invitation_limit_hour" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invitation_limit_day" integer;