/*
  Warnings:

  - A unique constraint covering the columns `[prescription_id]` on the table `subscriptions` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "prescription_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_prescription_id_key" ON "subscriptions"("prescription_id");

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_prescription_id_fkey" FOREIGN KEY ("prescription_id") REFERENCES "prescriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
