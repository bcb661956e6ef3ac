-- CreateEnum
CREATE TYPE "SubscriptionCheckoutStatus" AS ENUM ('OPEN', 'COMPLETED', 'EXPIRED');

-- CreateTable
CREATE TABLE "subscription_checkouts" (
    "id" UUID NOT NULL,
    "checkout_session_id" TEXT NOT NULL,
    "user_id" UUID,
    "guest_key_hash" TEXT,
    "plan_id" TEXT NOT NULL,
    "status" "SubscriptionCheckoutStatus" NOT NULL DEFAULT 'OPEN',
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "subscription_checkouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscription_checkouts_checkout_session_id_key" ON "subscription_checkouts"("checkout_session_id");

-- CreateIndex
CREATE INDEX "subscription_checkouts_user_id_idx" ON "subscription_checkouts"("user_id");

-- CreateIndex
CREATE INDEX "subscription_checkouts_guest_key_hash_idx" ON "subscription_checkouts"("guest_key_hash");

-- AddForeignKey
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Exactly one owner: an account or a guest (hand-written: Prisma has no CHECK). The row goes
-- with its account (ON DELETE CASCADE), so it is never left without one.
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_single_owner" CHECK (num_nonnulls("user_id", "guest_key_hash") = 1);
-- A completed checkout says when.
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_completed_at" CHECK (("status" = 'COMPLETED') = ("completed_at" IS NOT NULL));
