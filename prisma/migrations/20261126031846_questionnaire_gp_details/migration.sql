-- CreateTable
CREATE TABLE "questionnaire_gp_details" (
    "id" UUID NOT NULL,
    "response_id" UUID NOT NULL,
    "practice_name" TEXT NOT NULL,
    "address_line1" TEXT NOT NULL,
    "address_line2" TEXT,
    "town" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "email" TEXT,
    "consent_to_share" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "questionnaire_gp_details_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "questionnaire_gp_details_response_id_key" ON "questionnaire_gp_details"("response_id");

-- AddForeignKey
ALTER TABLE "questionnaire_gp_details" ADD CONSTRAINT "questionnaire_gp_details_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "questionnaire_responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
