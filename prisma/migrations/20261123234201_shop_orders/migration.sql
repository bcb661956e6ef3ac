-- Shop orders (issue 11): assessment outcomes, plan lines in carts, orders with their lines,
-- timeline and discount codes, the ORDER payment purpose and stock.
-- CreateEnum
CREATE TYPE "AssessmentOutcome" AS ENUM ('ELIGIBLE', 'NOT_ELIGIBLE');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('PENDING_PAYMENT', 'AWAITING_PHARMACIST', 'CONSULTATION_INVITED', 'AWAITING_DISPATCH', 'DISPATCHED', 'DECLINED', 'CANCELLED', 'REFUNDED');

-- CreateEnum
CREATE TYPE "DiscountKind" AS ENUM ('NEWSLETTER', 'REFERRAL');

-- AlterEnum
ALTER TYPE "PaymentPurpose" ADD VALUE 'ORDER';

-- AlterTable
ALTER TABLE "cart_items" ADD COLUMN     "assessment_id" UUID,
ADD COLUMN     "plan_id" TEXT,
ADD COLUMN     "seen_unit_price_pence" INTEGER;

-- Lines already in carts saw today's catalogue price.
UPDATE "cart_items" SET "seen_unit_price_pence" = COALESCE(p."price_pence", 0)
FROM "products" p WHERE p."id" = "cart_items"."product_id";
ALTER TABLE "cart_items" ALTER COLUMN "seen_unit_price_pence" SET NOT NULL;

-- AlterTable
ALTER TABLE "consultation_invitations" ADD COLUMN     "order_id" UUID;

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "stock_quantity" INTEGER;

-- AlterTable
ALTER TABLE "questionnaire_responses" ADD COLUMN     "outcome" "AssessmentOutcome",
ADD COLUMN     "outcome_reason" TEXT,
ADD COLUMN     "valid_until" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "user_id" UUID,
    "guest_key_hash" TEXT,
    "email" TEXT NOT NULL,
    "status" "OrderStatus" NOT NULL,
    "payment_id" UUID NOT NULL,
    "delivery_option_slug" TEXT NOT NULL,
    "delivery_name" TEXT NOT NULL,
    "delivery_pence" INTEGER NOT NULL,
    "subtotal_pence" INTEGER NOT NULL,
    "discount_pence" INTEGER NOT NULL DEFAULT 0,
    "total_pence" INTEGER NOT NULL,
    "discount_code_id" UUID,
    "ship_name" TEXT NOT NULL,
    "ship_line1" TEXT NOT NULL,
    "ship_line2" TEXT NOT NULL DEFAULT '',
    "ship_city" TEXT NOT NULL,
    "ship_postcode" TEXT NOT NULL,
    "needs_review" BOOLEAN NOT NULL,
    "checkout_fingerprint" TEXT NOT NULL,
    "paid_at" TIMESTAMP(3),
    "claimed_by_id" UUID,
    "claimed_at" TIMESTAMP(3),
    "decided_by_id" UUID,
    "decided_at" TIMESTAMP(3),
    "decline_reason" TEXT,
    "tracking_reference" TEXT,
    "dispatched_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_lines" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "product_id" TEXT NOT NULL,
    "plan_id" TEXT,
    "assessment_id" UUID,
    "product_kind" "ProductKind" NOT NULL,
    "name" TEXT NOT NULL,
    "duration_label" TEXT NOT NULL,
    "unit_price_pence" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "stock_units" INTEGER NOT NULL,
    "discount_pence" INTEGER NOT NULL DEFAULT 0,
    "line_total_pence" INTEGER NOT NULL,

    CONSTRAINT "order_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_events" (
    "id" BIGSERIAL NOT NULL,
    "order_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discount_codes" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "DiscountKind" NOT NULL,
    "percent_off" INTEGER NOT NULL,
    "subscriber_id" UUID,
    "referrer_user_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "discount_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discount_redemptions" (
    "id" UUID NOT NULL,
    "code_id" UUID NOT NULL,
    "redemption_key" TEXT NOT NULL,
    "order_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "discount_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "orders_reference_key" ON "orders"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "orders_payment_id_key" ON "orders"("payment_id");

-- CreateIndex
CREATE INDEX "orders_status_paid_at_idx" ON "orders"("status", "paid_at");

-- CreateIndex
CREATE INDEX "orders_user_id_idx" ON "orders"("user_id");

-- CreateIndex
CREATE INDEX "orders_guest_key_hash_idx" ON "orders"("guest_key_hash");

-- CreateIndex
CREATE INDEX "orders_email_idx" ON "orders"("email");

-- CreateIndex
CREATE INDEX "order_lines_order_id_idx" ON "order_lines"("order_id");

-- CreateIndex
CREATE INDEX "order_events_order_id_at_idx" ON "order_events"("order_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes"("code");

-- CreateIndex
CREATE UNIQUE INDEX "discount_codes_subscriber_id_key" ON "discount_codes"("subscriber_id");

-- CreateIndex
CREATE UNIQUE INDEX "discount_codes_referrer_user_id_key" ON "discount_codes"("referrer_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "discount_redemptions_redemption_key_key" ON "discount_redemptions"("redemption_key");

-- CreateIndex
CREATE UNIQUE INDEX "discount_redemptions_order_id_key" ON "discount_redemptions"("order_id");

-- CreateIndex
CREATE INDEX "consultation_invitations_order_id_idx" ON "consultation_invitations"("order_id");

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "questionnaire_responses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_invitations" ADD CONSTRAINT "consultation_invitations_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_fkey" FOREIGN KEY ("discount_code_id") REFERENCES "discount_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_claimed_by_id_fkey" FOREIGN KEY ("claimed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "questionnaire_responses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "newsletter_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_referrer_user_id_fkey" FOREIGN KEY ("referrer_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_fkey" FOREIGN KEY ("code_id") REFERENCES "discount_codes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Money and stock are never negative.
ALTER TABLE "products" ADD CONSTRAINT "products_stock_quantity_check" CHECK ("stock_quantity" IS NULL OR "stock_quantity" >= 0);
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("subtotal_pence" >= 0 AND "delivery_pence" >= 0 AND "discount_pence" >= 0 AND "total_pence" = "subtotal_pence" - "discount_pence" + "delivery_pence");
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_money_check" CHECK ("unit_price_pence" >= 0 AND "quantity" > 0 AND "discount_pence" >= 0 AND "line_total_pence" = "unit_price_pence" * "quantity" - "discount_pence");
