-- The audit chain is linked at commit (decision 015, amended). The company's chain lock used to be
-- taken when the audit row was inserted and held to the end of the transaction: across every later
-- statement, each round trip to the server process and its wait for a busy event loop. Ten
-- concurrent approvals of one company queued on it at ~5 ms each (the WAL flush is ~0.15 ms here).
-- Now a row is inserted without its link; the deferred trigger that kept the head links it at
-- commit, under the same lock, so the lock is held only while the transaction commits. The chain's
-- rules are unchanged: one predecessor per row, numbered in the order the rows were linked, the
-- head persisted once per transaction and chain.
DROP TRIGGER IF EXISTS audit_log_chain ON audit_log;
--> statement-breakpoint
DROP FUNCTION IF EXISTS audit_log_chain();
--> statement-breakpoint
-- How many rows of each chain the transaction has yet to link (a transaction-local setting, no row
-- written): the link of the last one persists the head.
CREATE OR REPLACE FUNCTION audit_log_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'app.audit_pending_' || replace(coalesce(NEW.company_id, '00000000-0000-0000-0000-000000000000'::uuid)::text, '-', '');
BEGIN
  PERFORM set_config(setting, (coalesce(nullif(current_setting(setting, true), ''), '0')::int + 1)::text, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_pending AFTER INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_pending();
--> statement-breakpoint
-- At commit, for each new row in the order inserted: the chain lock (re-entrant within the
-- transaction), the predecessor (this transaction's last link, else the persisted head), the row's
-- number and hash, and, after its last row, the head. The row is updated as the scope that inserted
-- it (row-level security applies to the owner too, and the inserting scope passed the same policy).
CREATE OR REPLACE FUNCTION audit_log_chain_head() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  k uuid := coalesce(NEW.company_id, '00000000-0000-0000-0000-000000000000'::uuid);
  suffix text := replace(k::text, '-', '');
  last text;
  pending int;
  head_seq bigint := 0;
  head_hash text := '';
  s bigint;
  h text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_chain:' || k::text, 0));
  last := current_setting('app.audit_last_' || suffix, true);
  IF coalesce(last, '') = '' THEN
    SELECT x.seq, x.hash INTO head_seq, head_hash FROM audit_chain_heads x WHERE x.chain_id = k;
    head_seq := coalesce(head_seq, 0);
    head_hash := coalesce(head_hash, '');
  ELSE
    head_seq := split_part(last, ':', 1)::bigint;
    head_hash := split_part(last, ':', 2);
  END IF;
  s := head_seq + 1;
  h := audit_row_hash(NEW.company_id, s, head_hash, NEW.actor_user_id, NEW.action, NEW.target_type,
    NEW.target_id, NEW.before, NEW.after, NEW.ip, NEW.user_agent, NEW.created_at);
  UPDATE audit_log SET seq = s, prev_hash = head_hash, hash = h WHERE id = NEW.id;
  PERFORM set_config('app.audit_last_' || suffix, s::text || ':' || h, true);
  pending := coalesce(nullif(current_setting('app.audit_pending_' || suffix, true), ''), '1')::int - 1;
  PERFORM set_config('app.audit_pending_' || suffix, pending::text, true);
  IF pending <= 0 THEN
    INSERT INTO audit_chain_heads (chain_id, seq, hash) VALUES (k, s, h)
      ON CONFLICT (chain_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash;
  END IF;
  RETURN NULL;
END $$;
