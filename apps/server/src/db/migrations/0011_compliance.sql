CREATE TABLE "audit_chain_heads" (
	"chain_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"audience_all" boolean DEFAULT true NOT NULL,
	"audience_team_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audience_department_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"due_days" integer DEFAULT 14 NOT NULL,
	"current_version_id" uuid,
	"current_number" integer,
	"ack_number" integer,
	"ack_published_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"content_sha256" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"body_kind" text,
	"body_html" text,
	"pdf" "bytea",
	"pdf_name" text,
	"content_sha256" text,
	"requires_ack" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_version_id_policy_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."policy_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_company_title_idx" ON "policies" USING btree ("company_id","title","id");--> statement-breakpoint
CREATE INDEX "policies_company_created_idx" ON "policies" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_acks_person_version_key" ON "policy_acknowledgements" USING btree ("company_id","policy_id","user_id","version_number");--> statement-breakpoint
CREATE INDEX "policy_acks_policy_number_idx" ON "policy_acknowledgements" USING btree ("company_id","policy_id","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_policy_number_key" ON "policy_versions" USING btree ("company_id","policy_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_one_draft_key" ON "policy_versions" USING btree ("company_id","policy_id") WHERE state = 'draft';--> statement-breakpoint
CREATE INDEX "audit_log_company_seq_idx" ON "audit_log" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_company_target_idx" ON "audit_log" USING btree ("company_id","target_type","target_id","seq");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON policies, policy_versions TO wac_app;

--> statement-breakpoint
-- Acknowledgements are evidence: the application may add them and read them, never change or remove them.
REVOKE ALL ON policy_acknowledgements FROM wac_app;

--> statement-breakpoint
GRANT SELECT, INSERT ON policy_acknowledgements TO wac_app;

--> statement-breakpoint
REVOKE ALL ON audit_chain_heads FROM wac_app;

--> statement-breakpoint
ALTER TABLE policies ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE policies FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY policies_scope ON policies
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
ALTER TABLE policy_versions ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE policy_versions FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY policy_versions_scope ON policy_versions
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
ALTER TABLE policy_acknowledgements ENABLE ROW LEVEL SECURITY;

--> statement-breakpoint
ALTER TABLE policy_acknowledgements FORCE ROW LEVEL SECURITY;

--> statement-breakpoint
CREATE POLICY policy_acknowledgements_scope ON policy_acknowledgements
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));

--> statement-breakpoint
-- A published version is frozen; an acknowledgement is never changed or removed. Only the cascade of
-- a deleted company (a nested trigger) may remove them.
CREATE FUNCTION compliance_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'policy_versions' AND TG_OP = 'UPDATE' AND OLD.state = 'draft' THEN RETURN NEW; END IF;
  IF TG_TABLE_NAME = 'policy_versions' AND TG_OP = 'DELETE' AND OLD.state = 'draft' THEN RETURN OLD; END IF;
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
  RAISE EXCEPTION '% of % refused: the row is immutable', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;

--> statement-breakpoint
CREATE TRIGGER policy_versions_frozen BEFORE UPDATE OR DELETE ON policy_versions
  FOR EACH ROW EXECUTE FUNCTION compliance_refuse_change();

--> statement-breakpoint
CREATE TRIGGER policy_acknowledgements_immutable BEFORE UPDATE OR DELETE ON policy_acknowledgements
  FOR EACH ROW EXECUTE FUNCTION compliance_refuse_change();

--> statement-breakpoint
-- The hash of one audit row: its content and the previous row's hash, in a text form PostgreSQL
-- alone defines (jsonb text is canonical; the time in UTC to the microsecond), so a verifier
-- recomputes it exactly. quote_nullable keeps NULL apart from the text 'NULL'.
CREATE FUNCTION audit_row_hash(
  p_company uuid, p_seq bigint, p_prev text, p_actor uuid, p_action text, p_target_type text, p_target_id text,
  p_before jsonb, p_after jsonb, p_ip text, p_user_agent text, p_created_at timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    quote_nullable(p_company::text), p_seq::text, quote_nullable(p_prev), quote_nullable(p_actor::text),
    quote_nullable(p_action), quote_nullable(p_target_type), quote_nullable(p_target_id),
    quote_nullable(p_before::text), quote_nullable(p_after::text), quote_nullable(p_ip), quote_nullable(p_user_agent),
    to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')), 'UTF8')), 'hex')
$$;

--> statement-breakpoint
-- Chains every new audit row to its company's previous one. A per-company advisory lock, held to
-- commit, serialises the company's audit writes, so two transactions never share a predecessor.
-- The transaction's last link is kept in a transaction-local setting (no row is updated per audit
-- row: updating one row n times in a transaction makes each update walk n versions), and the
-- persisted head is written once, at commit, by the deferred trigger below.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  k uuid := coalesce(NEW.company_id, '00000000-0000-0000-0000-000000000000'::uuid);
  setting text := 'app.audit_last_' || replace(k::text, '-', '');
  last text;
  head_seq bigint := 0;
  head_hash text := '';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_chain:' || k::text, 0));
  last := current_setting(setting, true);
  IF coalesce(last, '') = '' THEN
    SELECT h.seq, h.hash INTO head_seq, head_hash FROM audit_chain_heads h WHERE h.chain_id = k;
    head_seq := coalesce(head_seq, 0);
    head_hash := coalesce(head_hash, '');
  ELSE
    head_seq := split_part(last, ':', 1)::bigint;
    head_hash := split_part(last, ':', 2);
  END IF;
  NEW.seq := head_seq + 1;
  NEW.prev_hash := head_hash;
  NEW.hash := audit_row_hash(NEW.company_id, NEW.seq, NEW.prev_hash, NEW.actor_user_id, NEW.action, NEW.target_type,
    NEW.target_id, NEW.before, NEW.after, NEW.ip, NEW.user_agent, NEW.created_at);
  PERFORM set_config(setting, NEW.seq::text || ':' || NEW.hash, true);
  RETURN NEW;
END $$;

--> statement-breakpoint
-- At commit: the transaction's last row of each chain becomes the persisted head (one upsert).
CREATE FUNCTION audit_log_chain_head() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  k uuid := coalesce(NEW.company_id, '00000000-0000-0000-0000-000000000000'::uuid);
BEGIN
  IF current_setting('app.audit_last_' || replace(k::text, '-', ''), true) = NEW.seq::text || ':' || NEW.hash THEN
    INSERT INTO audit_chain_heads (chain_id, seq, hash) VALUES (k, NEW.seq, NEW.hash)
      ON CONFLICT (chain_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash;
  END IF;
  RETURN NULL;
END $$;

--> statement-breakpoint
-- Rows written before the chain existed join it, oldest first.
DO $$
DECLARE r record; k uuid; cur uuid := NULL; first boolean := true; head_seq bigint := 0; head_hash text := ''; h text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY company_id NULLS FIRST, created_at, id LOOP
    k := coalesce(r.company_id, '00000000-0000-0000-0000-000000000000'::uuid);
    IF first OR k IS DISTINCT FROM cur THEN
      IF NOT first THEN
        INSERT INTO audit_chain_heads (chain_id, seq, hash) VALUES (cur, head_seq, head_hash);
      END IF;
      cur := k; first := false; head_seq := 0; head_hash := '';
    END IF;
    h := audit_row_hash(r.company_id, head_seq + 1, head_hash, r.actor_user_id, r.action, r.target_type,
      r.target_id, r.before, r.after, r.ip, r.user_agent, r.created_at);
    UPDATE audit_log SET seq = head_seq + 1, prev_hash = head_hash, hash = h WHERE id = r.id;
    head_seq := head_seq + 1;
    head_hash := h;
  END LOOP;
  IF NOT first THEN
    INSERT INTO audit_chain_heads (chain_id, seq, hash) VALUES (cur, head_seq, head_hash);
  END IF;
END $$;

--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();

--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_chain_head AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain_head();

--> statement-breakpoint
-- The head of a company's chain for its verifier (the last row's removal is only visible against it).
CREATE FUNCTION audit_chain_head(p_company uuid) RETURNS TABLE (seq bigint, hash text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF (p_company = app_company_id() OR app_is_system()) IS NOT TRUE THEN RETURN; END IF;
  RETURN QUERY SELECT h.seq, h.hash FROM audit_chain_heads h WHERE h.chain_id = p_company;
END $$;
