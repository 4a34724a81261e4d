ALTER TABLE "certification_records" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_records" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "certification_records" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certification_records" ADD COLUMN "review_note" text;--> statement-breakpoint
CREATE INDEX "certification_records_pending_idx" ON "certification_records" USING btree ("company_id","created_at","id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "certification_records" ADD CONSTRAINT "certification_records_status_check" CHECK (status IN ('approved', 'pending', 'rejected'));--> statement-breakpoint
-- A member's own upload waits for an admin (decision 019): only approved records can be current.
CREATE OR REPLACE FUNCTION certification_refresh_current(p_company uuid, p_type uuid, p_user uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('certification:' || p_type::text || ':' || p_user::text, 0));
  UPDATE certification_records SET is_current = false
    WHERE company_id = p_company AND type_id = p_type AND user_id = p_user AND is_current;
  UPDATE certification_records SET is_current = true
    WHERE id = (SELECT id FROM certification_records
      WHERE company_id = p_company AND type_id = p_type AND user_id = p_user AND status = 'approved'
      ORDER BY expires_on DESC, created_at DESC, id DESC LIMIT 1);
END $$;
