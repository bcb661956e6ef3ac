-- AlterTable
ALTER TABLE "check_ins" ADD COLUMN     "approved_dose" TEXT,
ADD COLUMN     "dose" TEXT,
ADD COLUMN     "requested_dose" TEXT;

-- AlterTable
ALTER TABLE "order_lines" ADD COLUMN     "dose" TEXT;

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "dose" TEXT;
