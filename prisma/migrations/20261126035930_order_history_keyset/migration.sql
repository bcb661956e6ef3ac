-- DropIndex
DROP INDEX "orders_user_id_idx";

-- CreateIndex
CREATE INDEX "orders_user_id_created_at_id_idx" ON "orders"("user_id", "created_at", "id");
