-- CreateEnum
CREATE TYPE "IdentityDuplicateDecision" AS ENUM ('DIFFERENT_PEOPLE', 'SAME_PERSON_SUPPLY_ALLOWED', 'SAME_PERSON_DECLINE');

-- CreateTable
CREATE TABLE "identity_duplicate_reviews" (
    "id" UUID NOT NULL,
    "first_user_id" UUID NOT NULL,
    "second_user_id" UUID NOT NULL,
    "decision" "IdentityDuplicateDecision" NOT NULL,
    "note" TEXT NOT NULL,
    "decided_by_id" UUID NOT NULL,
    "decided_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "identity_duplicate_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "identity_duplicate_reviews_second_user_id_idx" ON "identity_duplicate_reviews"("second_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "identity_duplicate_reviews_first_user_id_second_user_id_key" ON "identity_duplicate_reviews"("first_user_id", "second_user_id");

-- One row per pair, whichever account a reviewer started from: the lower id first.
ALTER TABLE "identity_duplicate_reviews" ADD CONSTRAINT "identity_duplicate_reviews_ordered" CHECK ("first_user_id" < "second_user_id");
