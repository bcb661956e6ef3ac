-- CreateEnum
CREATE TYPE "WeightEvidenceKind" AS ENUM ('PHOTO', 'VIDEO_CONSULTATION');

-- CreateEnum
CREATE TYPE "WeightVerificationMethod" AS ENUM ('PHOTO', 'VIDEO_CONSULTATION', 'IN_PERSON');

-- CreateTable
CREATE TABLE "weight_evidence" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "kind" "WeightEvidenceKind" NOT NULL,
    "storage_key" TEXT,
    "content_type" TEXT,
    "size_bytes" INTEGER,
    "width" INTEGER,
    "height" INTEGER,
    "display_name" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "weight_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "weight_verifications" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "weight_kg" DECIMAL(4,1) NOT NULL,
    "height_cm" DECIMAL(4,1) NOT NULL,
    "bmi" DECIMAL(3,1) NOT NULL,
    "method" "WeightVerificationMethod" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "passed" BOOLEAN NOT NULL,
    "failure" TEXT,
    "verified_by_id" UUID,
    "verified_by_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "weight_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "weight_evidence_storage_key_key" ON "weight_evidence"("storage_key");

-- CreateIndex
CREATE INDEX "weight_evidence_order_id_created_at_idx" ON "weight_evidence"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "weight_verifications_order_id_created_at_idx" ON "weight_verifications"("order_id", "created_at");

-- AddForeignKey
ALTER TABLE "weight_evidence" ADD CONSTRAINT "weight_evidence_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weight_verifications" ADD CONSTRAINT "weight_verifications_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
