-- The prescription service: questionnaire responses (answers server-side), photos, paid requests.

-- CreateEnum
CREATE TYPE "PrescriptionStatus" AS ENUM ('PENDING_PAYMENT', 'SUBMITTED', 'IN_REVIEW', 'AWAITING_PATIENT', 'ISSUED', 'DECLINED', 'CANCELLED');

-- AlterEnum
ALTER TYPE "PaymentPurpose" ADD VALUE 'PRESCRIPTION';

-- CreateTable
CREATE TABLE "questionnaire_responses" (
    "id" UUID NOT NULL,
    "definition" TEXT NOT NULL,
    "definition_version" INTEGER NOT NULL,
    "user_id" UUID,
    "guest_key_hash" TEXT,
    "answers" JSONB NOT NULL DEFAULT '{}',
    "submitted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

CONSTRAINT "questionnaire_responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaire_photos" (
    "id" UUID NOT NULL,
    "response_id" UUID NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "display_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

CONSTRAINT "questionnaire_photos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prescription_requests" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "response_id" UUID NOT NULL,
    "user_id" UUID,
    "guest_key_hash" TEXT,
    "email" TEXT NOT NULL,
    "status" "PrescriptionStatus" NOT NULL,
    "payment_id" UUID NOT NULL,
    "plan_id" TEXT,
    "price_pence" INTEGER NOT NULL,
    "submitted_at" TIMESTAMP(3),
    "due_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

CONSTRAINT "prescription_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "questionnaire_responses_user_id_definition_idx" ON "questionnaire_responses"("user_id", "definition");

-- CreateIndex
CREATE INDEX "questionnaire_responses_guest_key_hash_idx" ON "questionnaire_responses"("guest_key_hash");

-- CreateIndex
CREATE UNIQUE INDEX "questionnaire_photos_storage_key_key" ON "questionnaire_photos"("storage_key");

-- CreateIndex
CREATE INDEX "questionnaire_photos_response_id_idx" ON "questionnaire_photos"("response_id");

-- CreateIndex
CREATE UNIQUE INDEX "prescription_requests_reference_key" ON "prescription_requests"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "prescription_requests_payment_id_key" ON "prescription_requests"("payment_id");

-- CreateIndex
CREATE INDEX "prescription_requests_status_submitted_at_idx" ON "prescription_requests"("status", "submitted_at");

-- CreateIndex
CREATE INDEX "prescription_requests_user_id_idx" ON "prescription_requests"("user_id");

-- CreateIndex
CREATE INDEX "prescription_requests_guest_key_hash_idx" ON "prescription_requests"("guest_key_hash");

-- CreateIndex
CREATE INDEX "prescription_requests_response_id_idx" ON "prescription_requests"("response_id");

-- AddForeignKey
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaire_photos" ADD CONSTRAINT "questionnaire_photos_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "questionnaire_responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "questionnaire_responses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;
