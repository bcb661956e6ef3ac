-- CreateIndex
CREATE INDEX "identity_verifications_date_of_birth_idx" ON "identity_verifications"("date_of_birth");
