-- The audit log becomes a hash chain: every event carries the hash of the one before it
-- (prev_hash) and its own (hash), over a canonical encoding of its fields and prev_hash.
-- Changing, inserting or removing an event in the middle breaks the chain at that point;
-- `npm run audit:verify` (scripts/verify-audit-chain.mjs, which recomputes the hashes on its
-- own) finds the first broken link. Both columns are set by the trigger below, never by the
-- application: whatever an INSERT supplies is overwritten.
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" TEXT NOT NULL DEFAULT '',
ADD COLUMN "hash" TEXT NOT NULL DEFAULT '';

-- The canonical encoding, version 1: "audit-v1" then each field as <UTF-8 byte length>:<text>
-- ("-" for NULL), in this order: id, at (YYYY-MM-DDTHH:MI:SS.mmm), actor_id, actor_role,
-- action, subject_type, subject_id, detail (jsonb's canonical text), prev_hash. The hash is
-- the SHA-256 of its UTF-8 bytes, in lowercase hex. The verifier implements it again.
CREATE FUNCTION audit_event_hash(
  p_id BIGINT, p_at TIMESTAMP(3), p_actor_id UUID, p_actor_role TEXT, p_action TEXT,
  p_subject_type TEXT, p_subject_id TEXT, p_detail JSONB, p_prev_hash TEXT
) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to('audit-v1' || string_agg(
    CASE WHEN field IS NULL THEN '-' ELSE octet_length(convert_to(field, 'UTF8'))::text || ':' || field END,
    '' ORDER BY position), 'UTF8')), 'hex')
  FROM unnest(ARRAY[
    p_id::text, to_char(p_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS'), p_actor_id::text, p_actor_role, p_action,
    p_subject_type, p_subject_id, p_detail::text, p_prev_hash
  ]) WITH ORDINALITY AS fields(field, position)
$$;

-- Links a new event to the newest one. Inserts are serialised by a transaction-level advisory
-- lock (held until commit), and the event's id is re-drawn under that lock when a transaction
-- that took the lock earlier already committed a higher one, so id order is chain order: the
-- newest visible event is always this one's predecessor. That needs a fresh snapshot after
-- the lock, which READ COMMITTED gives each statement; a REPEATABLE READ or SERIALIZABLE
-- transaction could see a stale newest event and fork the chain, so it is refused.
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  newest RECORD;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit events are written in READ COMMITTED transactions only (this one is %)', current_setting('transaction_isolation')
      USING ERRCODE = 'feature_not_supported';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('hairline-clinic.audit_events.chain', 0));
  SELECT "id", "hash" INTO newest FROM "audit_events" ORDER BY "id" DESC LIMIT 1;
  IF newest."id" IS NOT NULL AND NEW."id" <= newest."id" THEN
    NEW."id" := nextval(pg_get_serial_sequence('audit_events', 'id'));
  END IF;
  NEW."prev_hash" := COALESCE(newest."hash", repeat('0', 64));
  NEW."hash" := audit_event_hash(NEW."id", NEW."at", NEW."actor_id", NEW."actor_role", NEW."action",
    NEW."subject_type", NEW."subject_id", NEW."detail", NEW."prev_hash");
  RETURN NEW;
END;
$$;

-- Existing events, chained in id order (the append-only trigger is lifted for this
-- migration's own transaction only; the migration runs as the tables' owner).
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_no_update_delete";
DO $$
DECLARE
  event RECORD;
  previous TEXT := repeat('0', 64);
  computed TEXT;
BEGIN
  FOR event IN SELECT * FROM "audit_events" ORDER BY "id" LOOP
    computed := audit_event_hash(event."id", event."at", event."actor_id", event."actor_role", event."action",
      event."subject_type", event."subject_id", event."detail", previous);
    UPDATE "audit_events" SET "prev_hash" = previous, "hash" = computed WHERE "id" = event."id";
    previous := computed;
  END LOOP;
END;
$$;
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_no_update_delete";

CREATE TRIGGER audit_events_chain BEFORE INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
