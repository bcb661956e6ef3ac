-- CreateEnum
CREATE TYPE "SideEffectSeverity" AS ENUM ('MILD', 'MODERATE', 'SEVERE');

-- CreateEnum
CREATE TYPE "SideEffectOutcome" AS ENUM ('NO_ACTION', 'ADVICE_GIVEN', 'TREATMENT_PAUSED', 'REFERRED');

-- CreateTable
CREATE TABLE "side_effect_reports" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "user_id" UUID,
    "order_line_id" UUID,
    "prescription_id" UUID,
    "treatment_name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "started_on" DATE NOT NULL,
    "severity" "SideEffectSeverity" NOT NULL,
    "red_flags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "serious" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "triaged_at" TIMESTAMP(3),
    "triaged_by_id" UUID,
    "triage_outcome" "SideEffectOutcome",
    "triage_note" TEXT,

    CONSTRAINT "side_effect_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "side_effect_messages" (
    "id" UUID NOT NULL,
    "report_id" UUID NOT NULL,
    "author" "CaseMessageAuthor" NOT NULL,
    "author_user_id" UUID,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "side_effect_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "side_effect_reports_reference_key" ON "side_effect_reports"("reference");

-- CreateIndex
CREATE INDEX "side_effect_reports_user_id_triaged_at_idx" ON "side_effect_reports"("user_id", "triaged_at");

-- CreateIndex
CREATE INDEX "side_effect_reports_triaged_at_created_at_idx" ON "side_effect_reports"("triaged_at", "created_at");

-- CreateIndex
CREATE INDEX "side_effect_messages_report_id_created_at_idx" ON "side_effect_messages"("report_id", "created_at");

-- AddForeignKey
ALTER TABLE "side_effect_reports" ADD CONSTRAINT "side_effect_reports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "side_effect_reports" ADD CONSTRAINT "side_effect_reports_order_line_id_fkey" FOREIGN KEY ("order_line_id") REFERENCES "order_lines"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "side_effect_reports" ADD CONSTRAINT "side_effect_reports_prescription_id_fkey" FOREIGN KEY ("prescription_id") REFERENCES "prescriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "side_effect_reports" ADD CONSTRAINT "side_effect_reports_triaged_by_id_fkey" FOREIGN KEY ("triaged_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "side_effect_messages" ADD CONSTRAINT "side_effect_messages_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "side_effect_reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "side_effect_messages" ADD CONSTRAINT "side_effect_messages_author_user_id_fkey" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A triaged report names its outcome; a report names at most one treatment record.
ALTER TABLE "side_effect_reports" ADD CONSTRAINT "side_effect_reports_triage_check" CHECK ("triaged_at" IS NULL OR "triage_outcome" IS NOT NULL);
ALTER TABLE "side_effect_reports" ADD CONSTRAINT "side_effect_reports_one_treatment_check" CHECK ("order_line_id" IS NULL OR "prescription_id" IS NULL);
