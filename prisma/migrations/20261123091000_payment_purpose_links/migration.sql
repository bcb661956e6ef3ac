-- A payment names its purpose; the record it pays for points at it. Bookings gain payment_id
-- (backfilled from payments.booking_id, which goes), so a new purpose adds no column to payments.

-- AlterTable
ALTER TABLE "consultation_bookings" ADD COLUMN     "payment_id" UUID;

-- Backfill: each booking points at its payment (was payments.booking_id)
UPDATE "consultation_bookings" b SET "payment_id" = p."id" FROM "payments" p WHERE p."booking_id" = b."id";

-- CreateIndex
CREATE UNIQUE INDEX "consultation_bookings_payment_id_key" ON "consultation_bookings"("payment_id");

-- AddForeignKey
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- DropForeignKey
ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_id_fkey";

-- DropIndex
DROP INDEX "payments_booking_id_key";

-- AlterTable
ALTER TABLE "payments" DROP COLUMN "booking_id";
