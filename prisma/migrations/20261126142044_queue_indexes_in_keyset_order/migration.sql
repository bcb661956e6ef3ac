-- DropIndex
DROP INDEX "check_ins_status_submitted_at_idx";

-- DropIndex
DROP INDEX "orders_status_paid_at_idx";

-- DropIndex
DROP INDEX "prescription_requests_status_submitted_at_idx";

-- CreateIndex
CREATE INDEX "check_ins_status_submitted_at_id_idx" ON "check_ins"("status", "submitted_at", "id");

-- CreateIndex
CREATE INDEX "orders_status_paid_at_id_idx" ON "orders"("status", "paid_at", "id");

-- CreateIndex
CREATE INDEX "prescription_requests_status_submitted_at_id_idx" ON "prescription_requests"("status", "submitted_at", "id");
