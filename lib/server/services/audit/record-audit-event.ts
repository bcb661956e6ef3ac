import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";

export type AuditAction =
  | "prescription.viewed"
  | "prescription.photo_viewed"
  | "prescription.claimed"
  | "prescription.released"
  | "prescription.question_asked"
  | "prescription.patient_replied"
  | "prescription.issued"
  | "prescription.declined"
  | "prescription.dispensed"
  | "prescription.own_case_refused"
  | "order.viewed"
  | "order.claimed"
  | "order.released"
  | "order.dispensed"
  | "order.prescribed"
  | "order.invited"
  | "order.declined"
  | "order.dispatched"
  | "order.own_case_refused"
  // Weight-loss medicines: the pharmacist opened a scales photo; recorded the verified weight (lib/server/weight-verification).
  | "weight.photo_viewed"
  | "weight.verified"
  | "audit.viewed"
  | "progress_photo.viewed"
  // Renewal check-ins (lib/server/check-ins): the patient's answers, the prescriber's review and decision.
  | "check_in.submitted"
  | "check_in.stopped"
  | "check_in.missed"
  | "check_in.viewed"
  | "check_in.claimed"
  | "check_in.released"
  | "check_in.approved"
  | "check_in.referred"
  | "check_in.own_case_refused"
  | "staff.second_factor_reset"
  // Side-effect reports (lib/server/side-effects): the patient's report, staff views, replies and triage.
  | "side_effect.reported"
  | "side_effect.viewed"
  | "side_effect.staff_replied"
  | "side_effect.triaged"
  // The patient's GP (lib/server/gp): details and consent changed, a letter written, emailed,
  // viewed or posted by staff, a supply without consent justified by the deciding clinician.
  | "gp_details.updated"
  // A guest's GP details, given beside their assessment, became the account's when the guest's
  // records were linked (the account had none of its own).
  | "gp_details.copied_from_assessment"
  | "gp_letter.created"
  | "gp_letter.sent"
  | "gp_letter.viewed"
  | "gp_letter.posted"
  | "gp_consent.override_recorded"
  // Records held under an address joined the account that proved it controls it (link-verified-email.ts).
  | "account.email_records_linked"
  // Identity (lib/server/identity): the provider verified a document, or asked for another
  // attempt (webhook or the patient's return; no staff actor), and a reviewer's decision on two
  // accounts that look like one person.
  | "identity.verified"
  | "identity.requires_input"
  | "identity.duplicate_decided"
  // A reviewer opened a patient's identity page (the verified document and look-alike accounts).
  | "identity.viewed";

export type AuditEventInput = {
  /** Who acted (a pharmacy's account at /rx too); null only for rows written before pharmacy accounts. */
  actor: AccountActor | null;
  action: AuditAction;
  subjectType: "prescription_request" | "prescription" | "questionnaire_response" | "questionnaire_photo" | "progress_photo" | "case_message" | "audit_log" | "order" | "user" | "weight_evidence" | "side_effect_report" | "gp_letter" | "identity_verification" | "check_in";
  subjectId: string;
  /** Non-medical context only: references, statuses, counts. Never answers or clinical text. */
  detail?: Record<string, string | number | boolean | null>;
};

/**
 * Appends one row to the audit log (append-only: the database refuses UPDATE and DELETE).
 * Pass the transaction of the decision it records, so the decision and its record commit
 * together; a view is recorded before the data is returned.
 */
export async function recordAuditEvent(input: AuditEventInput, client: Tx | typeof db = db): Promise<void> {
  await client.auditEvent.create({
    data: {
      actorId: input.actor?.user.id ?? null,
      actorRole: input.actor?.user.role ?? "PUBLIC",
      action: input.action,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      detail: input.detail ?? {},
    },
  });
}
