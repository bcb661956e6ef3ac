-- CreateIndex
CREATE INDEX "audit_events_subject_id_id_idx" ON "audit_events"("subject_id", "id");

-- CreateIndex
CREATE INDEX "prescription_requests_decided_at_idx" ON "prescription_requests"("decided_at");
