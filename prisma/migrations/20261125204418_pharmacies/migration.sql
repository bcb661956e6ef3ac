-- AlterEnum
ALTER TYPE "UserRole" ADD VALUE 'PHARMACY';

-- AlterTable
ALTER TABLE "prescriptions" ADD COLUMN     "dispensed_by_id" UUID;

-- CreateTable
CREATE TABLE "pharmacies" (
    "user_id" UUID NOT NULL,
    "premises_number" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "responsible_pharmacist_name" TEXT NOT NULL,
    "responsible_pharmacist_number" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pharmacies_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_dispensed_by_id_fkey" FOREIGN KEY ("dispensed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
