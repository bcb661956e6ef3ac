-- CreateEnum
CREATE TYPE "CaseMessageAuthor" AS ENUM ('PATIENT', 'STAFF');

-- AlterTable
ALTER TABLE "prescription_requests" ADD COLUMN     "claimed_at" TIMESTAMP(3),
ADD COLUMN     "claimed_by_id" UUID,
ADD COLUMN     "decided_at" TIMESTAMP(3),
ADD COLUMN     "decided_by_id" UUID,
ADD COLUMN     "decline_reason" TEXT,
ADD COLUMN     "overdue_alerted_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "staff_profiles" (
    "user_id" UUID NOT NULL,
    "registration_body" TEXT NOT NULL,
    "registration_number" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "staff_profiles_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "case_messages" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "author" "CaseMessageAuthor" NOT NULL,
    "author_user_id" UUID,
    "body" TEXT NOT NULL,
    "photo_key" TEXT,
    "photo_type" TEXT,
    "photo_name" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "case_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prescriptions" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "request_id" UUID NOT NULL,
    "prescriber_id" UUID,
    "prescriber_name" TEXT NOT NULL,
    "prescriber_registration" TEXT NOT NULL,
    "patient_name" TEXT NOT NULL,
    "patient_date_of_birth" TEXT NOT NULL,
    "medicine" TEXT NOT NULL,
    "dose" TEXT NOT NULL,
    "quantity" TEXT NOT NULL,
    "directions" TEXT NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispense_code" TEXT NOT NULL,
    "dispensed_at" TIMESTAMP(3),
    "dispensed_by" TEXT,

    CONSTRAINT "prescriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" UUID,
    "actor_role" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "case_messages_photo_key_key" ON "case_messages"("photo_key");

-- CreateIndex
CREATE INDEX "case_messages_request_id_created_at_idx" ON "case_messages"("request_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "prescriptions_reference_key" ON "prescriptions"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "prescriptions_request_id_key" ON "prescriptions"("request_id");

-- CreateIndex
CREATE INDEX "audit_events_subject_type_subject_id_idx" ON "audit_events"("subject_type", "subject_id");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_at_idx" ON "audit_events"("actor_id", "at");

-- CreateIndex
CREATE INDEX "audit_events_at_idx" ON "audit_events"("at");

-- AddForeignKey
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_claimed_by_id_fkey" FOREIGN KEY ("claimed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "prescription_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_author_user_id_fkey" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "prescription_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_prescriber_id_fkey" FOREIGN KEY ("prescriber_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The audit log is append-only: the database itself refuses to change or remove a row,
-- whoever asks (the application, Prisma Studio, a console). TRUNCATE is refused too.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
