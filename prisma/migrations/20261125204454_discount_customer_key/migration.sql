-- The mailbox an order's address reaches, for the first-order discount rule (issue 22,
-- finding 7). Written by the app (lib/server/discounts/customer-key.ts); existing orders are
-- backfilled here with the same rule: lower-cased, "+tag" dropped from the local part, and
-- for gmail.com / googlemail.com the dots dropped and the domain read as gmail.com.
ALTER TABLE "orders" ADD COLUMN "customer_key" TEXT;

UPDATE "orders" SET "customer_key" = (
  WITH parts AS (
    SELECT
      regexp_replace(split_part(lower(trim("email")), '@', 1), '^(.+?)\+.*$', '\1') AS local,
      split_part(lower(trim("email")), '@', 2) AS domain
  )
  SELECT CASE
    WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
    ELSE local || '@' || domain
  END
  FROM parts
);

ALTER TABLE "orders" ALTER COLUMN "customer_key" SET NOT NULL;

-- CreateIndex
CREATE INDEX "orders_customer_key_status_idx" ON "orders"("customer_key", "status");
