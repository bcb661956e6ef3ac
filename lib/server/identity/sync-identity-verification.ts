import "server-only";
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import type { IdentityVerificationStatus } from "@/lib/server/core/db/generated/client";
import { isStripeError, stripe } from "@/lib/server/services/payments/stripe-client";

// The provider's sensitive fields come only when named (Stripe Identity: verified_outputs.dob,
// the report's document number).
const EXPAND = ["verified_outputs", "verified_outputs.dob", "last_verification_report.document.number"];

const STATUS: Record<string, IdentityVerificationStatus> = { requires_input: "REQUIRES_INPUT", processing: "PROCESSING", verified: "VERIFIED", canceled: "CANCELED" };

export type SyncResult = { kind: "not-ours" | "unchanged" | "verified" | "requires_input" | "updated" };

/**
 * Re-reads a verification session from the provider and records what it says, under the row's
 * lock: a webhook, its repeat and the patient's return all converge on the same row. A newly
 * verified document or a newly refused attempt is audited once.
 */
export async function syncIdentityVerification(sessionId: string): Promise<SyncResult> {
  let session: Stripe.Identity.VerificationSession;
  try {
    session = await stripe().identity.verificationSessions.retrieve(sessionId, { expand: EXPAND });
  } catch (error) {
    if (isStripeError(error, "resource_missing")) return { kind: "not-ours" };
    throw error;
  }
  const status = STATUS[session.status];
  if (!status) return { kind: "unchanged" };
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; status: IdentityVerificationStatus; last_error_code: string | null; user_id: string | null }[]>`
      SELECT id::text, status, last_error_code, user_id::text FROM identity_verifications WHERE provider_session_id = ${sessionId} FOR UPDATE`;
    const row = rows[0];
    if (!row) return { kind: "not-ours" as const };
    // A verified document stays verified: a late requires_input event cannot undo it.
    if (row.status === "VERIFIED") return { kind: "unchanged" as const };
    if (status === "VERIFIED") {
      const outputs = session.verified_outputs;
      const dob = outputs?.dob;
      if (!outputs?.first_name || !outputs.last_name || !dob?.year || !dob.month || !dob.day) return { kind: "unchanged" as const };
      const report = typeof session.last_verification_report === "object" ? session.last_verification_report : null;
      const number = report?.document?.number ?? null;
      await tx.identityVerification.update({
        where: { id: row.id },
        data: {
          status,
          firstName: outputs.first_name,
          lastName: outputs.last_name,
          dateOfBirth: `${dob.year}-${String(dob.month).padStart(2, "0")}-${String(dob.day).padStart(2, "0")}`,
          documentHash: number ? documentHash(report?.document?.issuing_country ?? "", number) : null,
          lastErrorCode: null,
          lastErrorReason: null,
          verifiedAt: new Date(),
        },
      });
      await recordAuditEvent({ actor: null, action: "identity.verified", subjectType: "identity_verification", subjectId: row.id, detail: { session: sessionId, user: row.user_id } }, tx);
      return { kind: "verified" as const };
    }
    const code = session.last_error?.code ?? null;
    const changed = status !== row.status || code !== row.last_error_code;
    if (!changed) return { kind: "unchanged" as const };
    await tx.identityVerification.update({ where: { id: row.id }, data: { status, lastErrorCode: code, lastErrorReason: session.last_error?.reason ?? null } });
    if (status === "REQUIRES_INPUT" && code) {
      await recordAuditEvent({ actor: null, action: "identity.requires_input", subjectType: "identity_verification", subjectId: row.id, detail: { session: sessionId, user: row.user_id, code } }, tx);
      return { kind: "requires_input" as const };
    }
    return { kind: "updated" as const };
  });
}

/** The same document (issuing country and number) gives the same hash; the number is never stored. */
function documentHash(country: string, number: string): string {
  return createHash("sha256").update(`${country.toUpperCase()}|${number.replace(/\s+/g, "").toUpperCase()}`).digest("hex");
}
