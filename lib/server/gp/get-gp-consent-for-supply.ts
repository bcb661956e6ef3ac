import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { findGpPracticeForSupply, type SupplySubject } from "./find-gp-practice-for-supply";

export type GpConsentForSupply = {
  practice: { name: string; hasEmail: boolean } | null;
  consent: boolean;
  /** The latest reason a clinician recorded for supplying without consent, if any. */
  override: { reason: string; by: string; at: string } | null;
};

/** What the GP-consent supply check reads: the patient's practice and consent (the account's, or a guest's given with the questionnaire), and any recorded override for this supply. */
export async function getGpConsentForSupply(tx: Tx, userId: string | null, subject: SupplySubject): Promise<GpConsentForSupply> {
  // One after another: a transaction runs one query at a time.
  const details = await findGpPracticeForSupply(tx, userId, subject);
  const override = await tx.gpConsentOverride.findFirst({ where: { subjectType: subject.type, subjectId: subject.id }, select: { reason: true, recordedByName: true, createdAt: true }, orderBy: { createdAt: "desc" } });
  return {
    practice: details ? { name: details.practiceName, hasEmail: details.email !== null } : null,
    consent: details?.consentToShare ?? false,
    override: override ? { reason: override.reason, by: override.recordedByName, at: override.createdAt.toISOString() } : null,
  };
}
