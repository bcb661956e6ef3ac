-- Hair-loss check-ins send a progress photo set (issue 23): the set links to its check-in.
-- A new, empty column: the unique index cannot meet duplicates.
-- AlterTable
ALTER TABLE "progress_photo_sets" ADD COLUMN     "check_in_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "progress_photo_sets_check_in_id_key" ON "progress_photo_sets"("check_in_id");

-- AddForeignKey
ALTER TABLE "progress_photo_sets" ADD CONSTRAINT "progress_photo_sets_check_in_id_fkey" FOREIGN KEY ("check_in_id") REFERENCES "check_ins"("id") ON DELETE SET NULL ON UPDATE CASCADE;
