-- AlterTable
ALTER TABLE "consultation_bookings" ADD COLUMN     "holder_address_hash" TEXT;

-- CreateIndex
CREATE INDEX "consultation_bookings_holder_address_hash_status_idx" ON "consultation_bookings"("holder_address_hash", "status");

-- CreateIndex
CREATE INDEX "consultation_bookings_client_email_status_idx" ON "consultation_bookings"("client_email", "status");
