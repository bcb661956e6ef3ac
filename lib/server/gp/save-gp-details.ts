import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import type { SaveGpDetailsInput } from "@/lib/validation/gp";
import { getGpDetails } from "./get-gp-details";
import type { GpDetailsView } from "./types";

/**
 * Records the account's GP practice and their consent to share (one row, updated in place).
 * The consent decides whether a letter goes to the practice on each later supply, so every
 * change is audited (the consent given, never the practice's details).
 */
export async function saveGpDetails(actor: AccountActor, input: SaveGpDetailsInput): Promise<GpDetailsView> {
  const data = gpDetailsData(input);
  await db.$transaction(async (tx) => {
    await tx.gpDetails.upsert({ where: { userId: actor.user.id }, create: { userId: actor.user.id, ...data }, update: data });
    await recordAuditEvent(
      { actor, action: "gp_details.updated", subjectType: "user", subjectId: actor.user.id, detail: { consent: data.consentToShare, has_email: data.email !== null } },
      tx,
    );
  });
  return (await getGpDetails(actor))!;
}

/** The form's answers as the GP rows (account or assessment) store them. */
export function gpDetailsData(input: SaveGpDetailsInput) {
  return {
    practiceName: input.practice_name,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2 || null,
    town: input.town,
    postcode: input.postcode,
    email: input.email || null,
    consentToShare: input.consent === "yes",
  };
}

/** What the patient reads after saving (/dashboard/gp and the assessment's GP step). */
export function gpSavedMessage(gp: GpDetailsView): string {
  return gp.consentToShare ? `Saved. We will tell ${gp.practiceName} about the medicines we supply to you.` : "Saved. We will not contact your GP.";
}
