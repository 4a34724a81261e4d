-- hand-written
-- compliance_refuse_change() (migration 0011) guards both policy_versions and
-- policy_acknowledgements, but its first test read OLD.state on either table: PL/pgSQL resolves a
-- record's field when the expression runs, whatever the AND before it says, so on an
-- acknowledgement (no such column) every UPDATE and DELETE failed with 42703 instead of being
-- refused as immutable (42501), and a cascade (a policy or a company deleted in SQL) failed instead
-- of passing. The draft test now runs for policy_versions only.
CREATE OR REPLACE FUNCTION compliance_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'policy_versions' THEN
    IF OLD.state = 'draft' THEN
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
  RAISE EXCEPTION '% of % refused: the row is immutable', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
