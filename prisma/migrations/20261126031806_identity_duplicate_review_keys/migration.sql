-- Reviews naming an account that no longer exists have nothing left to decide (the audit log
-- keeps the decision); a reviewer who no longer exists becomes null.
DELETE FROM "identity_duplicate_reviews" r
 WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = r.first_user_id)
    OR NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = r.second_user_id);

-- AlterTable
ALTER TABLE "identity_duplicate_reviews" ALTER COLUMN "decided_by_id" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "identity_duplicate_reviews" ADD CONSTRAINT "identity_duplicate_reviews_first_user_id_fkey" FOREIGN KEY ("first_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity_duplicate_reviews" ADD CONSTRAINT "identity_duplicate_reviews_second_user_id_fkey" FOREIGN KEY ("second_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

UPDATE "identity_duplicate_reviews" r SET "decided_by_id" = NULL
 WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = r.decided_by_id);

-- AddForeignKey
ALTER TABLE "identity_duplicate_reviews" ADD CONSTRAINT "identity_duplicate_reviews_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
