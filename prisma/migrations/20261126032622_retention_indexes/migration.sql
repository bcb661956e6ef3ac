-- CreateIndex
CREATE INDEX "auth_sessions_expires_at_idx" ON "auth_sessions"("expires_at");

-- CreateIndex
CREATE INDEX "cart_items_assessment_id_idx" ON "cart_items"("assessment_id");

-- CreateIndex
CREATE INDEX "carts_user_id_updated_at_idx" ON "carts"("user_id", "updated_at");

-- CreateIndex
CREATE INDEX "consultation_bookings_hold_expires_at_idx" ON "consultation_bookings"("hold_expires_at");

-- CreateIndex
CREATE INDEX "consultation_slots_starts_at_idx" ON "consultation_slots"("starts_at");

-- CreateIndex
CREATE INDEX "email_verifications_expires_at_idx" ON "email_verifications"("expires_at");

-- CreateIndex
CREATE INDEX "guest_links_linked_at_idx" ON "guest_links"("linked_at");

-- CreateIndex
CREATE INDEX "order_lines_assessment_id_idx" ON "order_lines"("assessment_id");

-- CreateIndex
CREATE INDEX "outbox_emails_sent_at_idx" ON "outbox_emails"("sent_at");

-- CreateIndex
CREATE INDEX "password_reset_tokens_expires_at_idx" ON "password_reset_tokens"("expires_at");

-- CreateIndex
CREATE INDEX "questionnaire_responses_submitted_at_updated_at_idx" ON "questionnaire_responses"("submitted_at", "updated_at");

-- CreateIndex
CREATE INDEX "sign_in_unlock_tokens_expires_at_idx" ON "sign_in_unlock_tokens"("expires_at");

-- CreateIndex
CREATE INDEX "stripe_events_processed_at_idx" ON "stripe_events"("processed_at");

-- CreateIndex
CREATE INDEX "subscriptions_assessment_id_idx" ON "subscriptions"("assessment_id");
