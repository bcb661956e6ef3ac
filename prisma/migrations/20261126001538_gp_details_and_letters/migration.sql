-- CreateEnum
CREATE TYPE "GpLetterStatus" AS ENUM ('QUEUED_EMAIL', 'SENT', 'TO_POST', 'POSTED');

-- AlterTable
ALTER TABLE "outbox_emails" ADD COLUMN     "attachment_kind" TEXT,
ADD COLUMN     "attachment_ref" TEXT;

-- CreateTable
CREATE TABLE "gp_details" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "practice_name" TEXT NOT NULL,
    "address_line1" TEXT NOT NULL,
    "address_line2" TEXT,
    "town" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "email" TEXT,
    "consent_to_share" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "gp_details_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gp_letters" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "subject_type" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "subject_reference" TEXT NOT NULL,
    "practice_name" TEXT NOT NULL,
    "practice_address" TEXT NOT NULL,
    "practice_email" TEXT,
    "patient_name" TEXT NOT NULL,
    "patient_date_of_birth" TEXT,
    "medicine" TEXT NOT NULL,
    "dose" TEXT NOT NULL,
    "indication" TEXT NOT NULL,
    "prescriber_name" TEXT NOT NULL,
    "prescriber_registration" TEXT NOT NULL,
    "status" "GpLetterStatus" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "posted_at" TIMESTAMP(3),
    "posted_by_id" UUID,

    CONSTRAINT "gp_letters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gp_consent_overrides" (
    "id" UUID NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "recorded_by_id" UUID NOT NULL,
    "recorded_by_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gp_consent_overrides_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "gp_details_user_id_key" ON "gp_details"("user_id");

-- CreateIndex
CREATE INDEX "gp_letters_user_id_idx" ON "gp_letters"("user_id");

-- CreateIndex
CREATE INDEX "gp_letters_status_created_at_idx" ON "gp_letters"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "gp_letters_subject_type_subject_id_key" ON "gp_letters"("subject_type", "subject_id");

-- CreateIndex
CREATE INDEX "gp_consent_overrides_subject_type_subject_id_idx" ON "gp_consent_overrides"("subject_type", "subject_id");

-- AddForeignKey
ALTER TABLE "gp_details" ADD CONSTRAINT "gp_details_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gp_letters" ADD CONSTRAINT "gp_letters_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
