-- CreateTable
CREATE TABLE "order_prescriptions" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "prescriber_id" UUID,
    "prescriber_name" TEXT NOT NULL,
    "prescriber_registration" TEXT NOT NULL,
    "directions" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_prescriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_prescriptions_order_id_key" ON "order_prescriptions"("order_id");

-- CreateIndex
CREATE INDEX "order_prescriptions_prescriber_id_idx" ON "order_prescriptions"("prescriber_id");

-- AddForeignKey
ALTER TABLE "order_prescriptions" ADD CONSTRAINT "order_prescriptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_prescriptions" ADD CONSTRAINT "order_prescriptions_prescriber_id_fkey" FOREIGN KEY ("prescriber_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
