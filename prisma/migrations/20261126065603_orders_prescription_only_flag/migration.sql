-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "has_prescription_only" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "orders_has_prescription_only_status_paid_at_id_idx" ON "orders"("has_prescription_only", "status", "paid_at", "id");

-- Existing orders: flagged from their lines.
UPDATE "orders" o SET "has_prescription_only" = true
WHERE EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id" AND l."product_kind" = 'PRESCRIPTION_ONLY');

-- From now on the database keeps the flag: a prescription-only line marks its order, however
-- the line is written (checkout, a renewal, a test's factory). Lines are never moved between
-- orders or changed in kind after checkout; an update of either still marks the order it names.
CREATE FUNCTION orders_mark_prescription_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."product_kind" = 'PRESCRIPTION_ONLY' THEN
    UPDATE "orders" SET "has_prescription_only" = true WHERE "id" = NEW."order_id" AND NOT "has_prescription_only";
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER order_lines_mark_prescription_only AFTER INSERT OR UPDATE OF "product_kind", "order_id" ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION orders_mark_prescription_only();
