-- CreateEnum
CREATE TYPE "EmailVerificationPurpose" AS ENUM ('SIGN_UP', 'CHANGE');

-- CreateEnum
CREATE TYPE "BookingStatus" AS ENUM ('PENDING_PAYMENT', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'REFUNDED');

-- CreateEnum
CREATE TYPE "PaymentPurpose" AS ENUM ('CONSULTATION_BOOKING');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('OPEN', 'PROCESSING', 'PAID', 'FAILED', 'EXPIRED', 'REFUNDED');

-- AlterTable
ALTER TABLE "consultation_types" ADD COLUMN     "slot_capacity" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "email_verifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" "EmailVerificationPurpose" NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consultation_slots" (
    "id" UUID NOT NULL,
    "consultation_type_id" TEXT NOT NULL,
    "starts_at" TIMESTAMP(3) NOT NULL,
    "capacity" INTEGER NOT NULL,

    CONSTRAINT "consultation_slots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consultation_bookings" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "user_id" UUID,
    "guest_key_hash" TEXT,
    "consultation_type_id" TEXT NOT NULL,
    "slot_id" UUID NOT NULL,
    "starts_at" TIMESTAMP(3) NOT NULL,
    "client_name" TEXT NOT NULL,
    "client_email" TEXT NOT NULL,
    "hair_concerns" TEXT NOT NULL DEFAULT '',
    "price_pence" INTEGER NOT NULL,
    "invitation_id" UUID,
    "status" "BookingStatus" NOT NULL,
    "hold_expires_at" TIMESTAMP(3),
    "confirmed_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "consultation_bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consultation_invitations" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "consultation_type_id" TEXT NOT NULL,
    "fee_waived" BOOLEAN NOT NULL DEFAULT true,
    "note" TEXT NOT NULL DEFAULT '',
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consultation_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "purpose" "PaymentPurpose" NOT NULL,
    "booking_id" UUID,
    "amount_pence" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'gbp',
    "status" "PaymentStatus" NOT NULL DEFAULT 'OPEN',
    "checkout_session_id" TEXT,
    "checkout_url" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "payment_intent_id" TEXT,
    "refund_id" TEXT,
    "paid_at" TIMESTAMP(3),
    "refunded_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_verifications_token_hash_key" ON "email_verifications"("token_hash");

-- CreateIndex
CREATE INDEX "email_verifications_user_id_idx" ON "email_verifications"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "consultation_slots_consultation_type_id_starts_at_key" ON "consultation_slots"("consultation_type_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "consultation_bookings_reference_key" ON "consultation_bookings"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "consultation_bookings_invitation_id_key" ON "consultation_bookings"("invitation_id");

-- CreateIndex
CREATE INDEX "consultation_bookings_slot_id_status_idx" ON "consultation_bookings"("slot_id", "status");

-- CreateIndex
CREATE INDEX "consultation_bookings_user_id_idx" ON "consultation_bookings"("user_id");

-- CreateIndex
CREATE INDEX "consultation_bookings_guest_key_hash_idx" ON "consultation_bookings"("guest_key_hash");

-- CreateIndex
CREATE INDEX "consultation_invitations_user_id_idx" ON "consultation_invitations"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_booking_id_key" ON "payments"("booking_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_checkout_session_id_key" ON "payments"("checkout_session_id");

-- AddForeignKey
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_slots" ADD CONSTRAINT "consultation_slots_consultation_type_id_fkey" FOREIGN KEY ("consultation_type_id") REFERENCES "consultation_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_consultation_type_id_fkey" FOREIGN KEY ("consultation_type_id") REFERENCES "consultation_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_slot_id_fkey" FOREIGN KEY ("slot_id") REFERENCES "consultation_slots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_invitation_id_fkey" FOREIGN KEY ("invitation_id") REFERENCES "consultation_invitations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_invitations" ADD CONSTRAINT "consultation_invitations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultation_invitations" ADD CONSTRAINT "consultation_invitations_consultation_type_id_fkey" FOREIGN KEY ("consultation_type_id") REFERENCES "consultation_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "consultation_bookings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A booking belongs to a guest or to a user, never to both (hand-written: Prisma has no CHECK).
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_single_owner" CHECK (NOT ("guest_key_hash" IS NOT NULL AND "user_id" IS NOT NULL));
ALTER TABLE "consultation_slots" ADD CONSTRAINT "consultation_slots_capacity_not_negative" CHECK ("capacity" >= 0);
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_slot_capacity_not_negative" CHECK ("slot_capacity" >= 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("amount_pence" > 0);
-- A held booking says until when; a payment for a booking names it.
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_hold_has_expiry" CHECK ("status" <> 'PENDING_PAYMENT' OR "hold_expires_at" IS NOT NULL);
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_named" CHECK ("purpose" <> 'CONSULTATION_BOOKING' OR "booking_id" IS NOT NULL);
