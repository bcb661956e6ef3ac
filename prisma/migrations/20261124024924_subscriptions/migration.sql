/*
  Warnings:

  - A unique constraint covering the columns `[stripe_invoice_id]` on the table `orders` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('INCOMPLETE', 'INCOMPLETE_EXPIRED', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'UNPAID', 'CANCELED', 'PAUSED');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "stripe_invoice_id" TEXT,
ADD COLUMN     "subscription_id" UUID;

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" UUID NOT NULL,
    "stripe_subscription_id" TEXT NOT NULL,
    "stripe_customer_id" TEXT NOT NULL,
    "user_id" UUID,
    "guest_key_hash" TEXT,
    "email" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "product_id" TEXT NOT NULL,
    "assessment_id" UUID,
    "price_pence" INTEGER NOT NULL,
    "duration_months" INTEGER NOT NULL,
    "status" "SubscriptionStatus" NOT NULL,
    "current_period_start" TIMESTAMP(3),
    "current_period_end" TIMESTAMP(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "canceled_at" TIMESTAMP(3),
    "ended_at" TIMESTAMP(3),
    "collection_paused" BOOLEAN NOT NULL DEFAULT false,
    "resumes_at" TIMESTAMP(3),
    "ship_name" TEXT,
    "ship_line1" TEXT,
    "ship_line2" TEXT NOT NULL DEFAULT '',
    "ship_city" TEXT,
    "ship_postcode" TEXT,
    "reminder_scheduled_for" TIMESTAMP(3),
    "reminder_sent_for" TIMESTAMP(3),
    "failed_invoice_notified" TEXT,
    "synced_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions"("stripe_subscription_id");

-- CreateIndex
CREATE INDEX "subscriptions_user_id_idx" ON "subscriptions"("user_id");

-- CreateIndex
CREATE INDEX "subscriptions_guest_key_hash_idx" ON "subscriptions"("guest_key_hash");

-- CreateIndex
CREATE INDEX "subscriptions_status_current_period_end_idx" ON "subscriptions"("status", "current_period_end");

-- CreateIndex
CREATE UNIQUE INDEX "orders_stripe_invoice_id_key" ON "orders"("stripe_invoice_id");

-- CreateIndex
CREATE INDEX "orders_subscription_id_idx" ON "orders"("subscription_id");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "questionnaire_responses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The plans cache (lib/server/subscriptions/plans-cache.ts) in every app instance listens on
-- this channel: any change to plans or treatment types, from the app, a migration or Prisma
-- Studio, tells every instance to drop its cached plan lists.
CREATE FUNCTION notify_plans_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('plans_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER plans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_plans_changed();
CREATE TRIGGER treatment_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "treatment_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_plans_changed();

-- A subscription's price and period are positive, as Stripe's are.
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_positive" CHECK ("price_pence" > 0 AND "duration_months" > 0);
