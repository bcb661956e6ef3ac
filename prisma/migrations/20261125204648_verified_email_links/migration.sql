-- AlterTable
ALTER TABLE "consultation_invitations" ALTER COLUMN "user_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "contact_messages" ADD COLUMN     "user_id" UUID;

-- AlterTable
ALTER TABLE "newsletter_subscribers" ADD COLUMN     "user_id" UUID;

-- AlterTable
ALTER TABLE "outbox_emails" ADD COLUMN     "user_id" UUID;

-- CreateIndex
CREATE INDEX "contact_messages_email_idx" ON "contact_messages"("email");

-- CreateIndex
CREATE INDEX "contact_messages_user_id_idx" ON "contact_messages"("user_id");

-- CreateIndex
CREATE INDEX "newsletter_subscribers_user_id_idx" ON "newsletter_subscribers"("user_id");

-- CreateIndex
CREATE INDEX "outbox_emails_to_address_idx" ON "outbox_emails"("to_address");

-- CreateIndex
CREATE INDEX "outbox_emails_user_id_idx" ON "outbox_emails"("user_id");

-- AddForeignKey
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Backfill (issue 22, finding 1): records already held under an address whose account has
-- verified it join that account now; the rest wait until their address is verified
-- (lib/server/guest/link-verified-email.ts). Unverified accounts get nothing.
UPDATE "contact_messages" AS m SET "user_id" = u."id"
FROM "users" AS u WHERE u."email" = lower(m."email") AND u."email_verified_at" IS NOT NULL AND m."user_id" IS NULL;

UPDATE "newsletter_subscribers" AS n SET "user_id" = u."id"
FROM "users" AS u WHERE u."email" = n."email" AND u."email_verified_at" IS NOT NULL AND n."user_id" IS NULL;

UPDATE "outbox_emails" AS o SET "user_id" = u."id"
FROM "users" AS u WHERE u."email" = lower(o."to_address") AND u."email_verified_at" IS NOT NULL AND o."user_id" IS NULL;
