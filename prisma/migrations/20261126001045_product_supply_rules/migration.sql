-- AlterTable
ALTER TABLE "products" ADD COLUMN     "requires_gp_consent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "requires_weight_verification" BOOLEAN NOT NULL DEFAULT false;
