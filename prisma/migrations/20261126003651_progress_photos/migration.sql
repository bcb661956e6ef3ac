-- CreateEnum
CREATE TYPE "ProgressPhotoView" AS ENUM ('HAIRLINE', 'CROWN', 'TOP');

-- CreateTable
CREATE TABLE "progress_photo_sets" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "taken_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "progress_photo_sets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "progress_photos" (
    "id" UUID NOT NULL,
    "set_id" UUID NOT NULL,
    "view" "ProgressPhotoView" NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,

    CONSTRAINT "progress_photos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "progress_photo_sets_user_id_taken_at_idx" ON "progress_photo_sets"("user_id", "taken_at");

-- CreateIndex
CREATE UNIQUE INDEX "progress_photos_storage_key_key" ON "progress_photos"("storage_key");

-- CreateIndex
CREATE UNIQUE INDEX "progress_photos_set_id_view_key" ON "progress_photos"("set_id", "view");

-- AddForeignKey
ALTER TABLE "progress_photo_sets" ADD CONSTRAINT "progress_photo_sets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_set_id_fkey" FOREIGN KEY ("set_id") REFERENCES "progress_photo_sets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
