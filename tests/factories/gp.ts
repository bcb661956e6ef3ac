import { randomUUID } from "node:crypto";
import { db } from "@/lib/server/core/db/client";

export type GpConsentOptions = {
  /** The practice's email; null for a practice without one (its letters are posted). */
  email?: string | null;
  consent?: boolean;
  practiceName?: string;
};

/**
 * The patient's GP details with their consent to share (as /dashboard/gp saves them), for tests
 * and journeys that supply a "GP consent required" medicine (Mounjaro) or check the GP letter.
 */
export async function giveGpConsent(userId: string, options: GpConsentOptions = {}) {
  const data = {
    practiceName: options.practiceName ?? `Riverside Surgery ${randomUUID().slice(0, 6)}`,
    addressLine1: "12 Mill Lane",
    addressLine2: null,
    town: "Leeds",
    postcode: "LS1 4AP",
    email: options.email === undefined ? `surgery-${randomUUID().slice(0, 8)}@nhs.example` : options.email,
    consentToShare: options.consent ?? true,
  };
  return db.gpDetails.upsert({ where: { userId }, create: { userId, ...data }, update: data });
}
