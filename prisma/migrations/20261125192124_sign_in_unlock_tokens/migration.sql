-- CreateTable
CREATE TABLE "sign_in_unlock_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_unlock_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_unlock_tokens_token_hash_key" ON "sign_in_unlock_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "sign_in_unlock_tokens_user_id_idx" ON "sign_in_unlock_tokens"("user_id");

-- AddForeignKey
ALTER TABLE "sign_in_unlock_tokens" ADD CONSTRAINT "sign_in_unlock_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
