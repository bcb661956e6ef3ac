-- One payment intent per checkout session, so per payment row: charge.* events (refunds made
-- in the Stripe Dashboard) find their payment through this index.
CREATE UNIQUE INDEX "payments_payment_intent_id_key" ON "payments"("payment_intent_id");
