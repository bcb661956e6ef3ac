-- The prescribers' list reads a flag on the order, kept by the database, in place of three
-- probes per queued order (its authorisation, its renewal check-in, its plan's prescription):
-- counting a queue of 1,000 orders took 6 ms at factor 1 against 0.1 ms for the index alone.

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "awaiting_prescriber" BOOLEAN NOT NULL DEFAULT false;

-- The rule of isAwaitingPrescriber (lib/server/supply-checks/prescriber-authorisation-check.ts):
-- a prescription-only line with no prescriber's authorisation of the order, no approved renewal
-- check-in behind it and no issued prescription behind its plan.
CREATE FUNCTION order_awaits_prescriber(order_id uuid, has_prescription_only boolean, check_in_id uuid, subscription_id uuid)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT has_prescription_only
    AND NOT EXISTS (SELECT 1 FROM "order_prescriptions" p WHERE p."order_id" = order_awaits_prescriber.order_id)
    AND NOT EXISTS (SELECT 1 FROM "check_ins" c WHERE c."id" = order_awaits_prescriber.check_in_id AND c."status" = 'APPROVED')
    AND NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."id" = order_awaits_prescriber.subscription_id AND s."prescription_id" IS NOT NULL)
$$;

-- Existing orders.
UPDATE "orders" o SET "awaiting_prescriber" = true
WHERE order_awaits_prescriber(o."id", o."has_prescription_only", o."check_in_id", o."subscription_id");

-- An order's own columns: set on every write that could change the answer (the prescription-only
-- flag, which order_lines_mark_prescription_only sets; the check-in or subscription it names).
CREATE FUNCTION orders_set_awaiting_prescriber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."awaiting_prescriber" := order_awaits_prescriber(NEW."id", NEW."has_prescription_only", NEW."check_in_id", NEW."subscription_id");
  RETURN NEW;
END;
$$;

CREATE TRIGGER orders_set_awaiting_prescriber BEFORE INSERT OR UPDATE OF "has_prescription_only", "check_in_id", "subscription_id" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_set_awaiting_prescriber();

-- The other tables the rule reads: a write to one of them sets the flag again on the orders it
-- touches (only where the answer changes, so an unrelated order row is never rewritten).
CREATE FUNCTION orders_refresh_awaiting_prescriber(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "orders" o SET "awaiting_prescriber" = order_awaits_prescriber(o."id", o."has_prescription_only", o."check_in_id", o."subscription_id")
  WHERE o."id" = ANY(ids)
    AND o."awaiting_prescriber" IS DISTINCT FROM order_awaits_prescriber(o."id", o."has_prescription_only", o."check_in_id", o."subscription_id")
$$;

CREATE FUNCTION order_prescriptions_refresh_awaiting_prescriber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM orders_refresh_awaiting_prescriber(ARRAY[NEW."order_id"]); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM orders_refresh_awaiting_prescriber(ARRAY[OLD."order_id"]); END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER order_prescriptions_refresh_awaiting_prescriber AFTER INSERT OR DELETE OR UPDATE OF "order_id" ON "order_prescriptions"
  FOR EACH ROW EXECUTE FUNCTION order_prescriptions_refresh_awaiting_prescriber();

CREATE FUNCTION check_ins_refresh_awaiting_prescriber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM orders_refresh_awaiting_prescriber(ARRAY(SELECT o."id" FROM "orders" o WHERE o."check_in_id" = NEW."id"));
  RETURN NULL;
END;
$$;

CREATE TRIGGER check_ins_refresh_awaiting_prescriber AFTER UPDATE OF "status" ON "check_ins"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION check_ins_refresh_awaiting_prescriber();

CREATE FUNCTION subscriptions_refresh_awaiting_prescriber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM orders_refresh_awaiting_prescriber(ARRAY(SELECT o."id" FROM "orders" o WHERE o."subscription_id" = NEW."id" AND o."has_prescription_only"));
  RETURN NULL;
END;
$$;

CREATE TRIGGER subscriptions_refresh_awaiting_prescriber AFTER UPDATE OF "prescription_id" ON "subscriptions"
  FOR EACH ROW WHEN (OLD."prescription_id" IS DISTINCT FROM NEW."prescription_id") EXECUTE FUNCTION subscriptions_refresh_awaiting_prescriber();

-- DropIndex
DROP INDEX "orders_has_prescription_only_status_paid_at_id_idx";

-- CreateIndex
CREATE INDEX "orders_awaiting_prescriber_status_paid_at_id_idx" ON "orders"("awaiting_prescriber", "status", "paid_at", "id");
