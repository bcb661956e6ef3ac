-- CreateIndex
CREATE INDEX "order_lines_product_kind_order_id_idx" ON "order_lines"("product_kind", "order_id");
