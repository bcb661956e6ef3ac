import "server-only";
import type Stripe from "stripe";
import { registerWebhookEvent } from "@/lib/server/services/payments/webhook-events";
import type { WebhookEventHandler } from "@/lib/server/services/payments/webhook-events/types";
import { syncIdentityVerification } from "./sync-identity-verification";

// Stripe Identity's events on the payment webhook. Each only names the session: the handler
// re-reads it from the provider (the event never carries the document's details), so repeats
// and any order converge. Loaded by lib/server/plugins.ts.
const onVerificationSession: WebhookEventHandler = (event) => syncIdentityVerification((event.data.object as Stripe.Identity.VerificationSession).id);

registerWebhookEvent("identity.verification_session.verified", onVerificationSession);
registerWebhookEvent("identity.verification_session.requires_input", onVerificationSession);
registerWebhookEvent("identity.verification_session.processing", onVerificationSession);
registerWebhookEvent("identity.verification_session.canceled", onVerificationSession);
