-- CreateEnum
CREATE TYPE "IdentityVerificationStatus" AS ENUM ('REQUIRES_INPUT', 'PROCESSING', 'VERIFIED', 'CANCELED');

-- CreateTable
CREATE TABLE "identity_verifications" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "provider_session_id" TEXT NOT NULL,
    "status" "IdentityVerificationStatus" NOT NULL DEFAULT 'REQUIRES_INPUT',
    "verified_first_name" TEXT,
    "verified_last_name" TEXT,
    "date_of_birth" VARCHAR(10),
    "document_hash" TEXT,
    "last_error_code" TEXT,
    "last_error_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "verified_at" TIMESTAMP(3),

    CONSTRAINT "identity_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "identity_verifications_provider_session_id_key" ON "identity_verifications"("provider_session_id");

-- CreateIndex
CREATE INDEX "identity_verifications_user_id_status_idx" ON "identity_verifications"("user_id", "status");

-- CreateIndex
CREATE INDEX "identity_verifications_document_hash_idx" ON "identity_verifications"("document_hash");

-- AddForeignKey
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
