/*
  Warnings:

  - A unique constraint covering the columns `[check_in_id]` on the table `orders` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "CheckInStatus" AS ENUM ('DUE', 'SUBMITTED', 'APPROVED', 'REFERRED', 'STOPPED', 'MISSED');

-- CreateEnum
CREATE TYPE "CheckInContinue" AS ENUM ('YES', 'STOP', 'DOCTOR');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "check_in_id" UUID;

-- CreateTable
CREATE TABLE "check_ins" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "subscription_id" UUID NOT NULL,
    "user_id" UUID,
    "guest_key_hash" TEXT,
    "period_end" TIMESTAMP(3) NOT NULL,
    "status" "CheckInStatus" NOT NULL DEFAULT 'DUE',
    "weight_kg" DECIMAL(5,1),
    "side_effects" TEXT,
    "new_conditions" TEXT,
    "wants_to_continue" "CheckInContinue",
    "submitted_at" TIMESTAMP(3),
    "claimed_by_id" UUID,
    "claimed_at" TIMESTAMP(3),
    "decided_by_id" UUID,
    "decided_at" TIMESTAMP(3),
    "decision_note" TEXT NOT NULL DEFAULT '',
    "released_at" TIMESTAMP(3),
    "reminder7_sent_at" TIMESTAMP(3),
    "reminder3_sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "check_ins_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "check_ins_reference_key" ON "check_ins"("reference");

-- CreateIndex
CREATE INDEX "check_ins_status_submitted_at_idx" ON "check_ins"("status", "submitted_at");

-- CreateIndex
CREATE INDEX "check_ins_user_id_idx" ON "check_ins"("user_id");

-- CreateIndex
CREATE INDEX "check_ins_guest_key_hash_idx" ON "check_ins"("guest_key_hash");

-- CreateIndex
CREATE UNIQUE INDEX "check_ins_subscription_id_period_end_key" ON "check_ins"("subscription_id", "period_end");

-- CreateIndex
CREATE UNIQUE INDEX "orders_check_in_id_key" ON "orders"("check_in_id");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_check_in_id_fkey" FOREIGN KEY ("check_in_id") REFERENCES "check_ins"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_claimed_by_id_fkey" FOREIGN KEY ("claimed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
