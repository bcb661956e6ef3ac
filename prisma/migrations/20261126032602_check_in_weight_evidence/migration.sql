-- AlterTable
ALTER TABLE "weight_evidence" ADD COLUMN     "check_in_id" UUID,
ALTER COLUMN "order_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "weight_verifications" ADD COLUMN     "check_in_id" UUID,
ALTER COLUMN "order_id" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "weight_evidence_check_in_id_created_at_idx" ON "weight_evidence"("check_in_id", "created_at");

-- CreateIndex
CREATE INDEX "weight_verifications_check_in_id_created_at_idx" ON "weight_verifications"("check_in_id", "created_at");

-- AddForeignKey
ALTER TABLE "weight_evidence" ADD CONSTRAINT "weight_evidence_check_in_id_fkey" FOREIGN KEY ("check_in_id") REFERENCES "check_ins"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weight_verifications" ADD CONSTRAINT "weight_verifications_check_in_id_fkey" FOREIGN KEY ("check_in_id") REFERENCES "check_ins"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each row belongs to exactly one order or one check-in (added by hand: Prisma has no CHECK).
ALTER TABLE "weight_evidence" ADD CONSTRAINT "weight_evidence_one_owner" CHECK (num_nonnulls("order_id", "check_in_id") = 1);
ALTER TABLE "weight_verifications" ADD CONSTRAINT "weight_verifications_one_owner" CHECK (num_nonnulls("order_id", "check_in_id") = 1);
