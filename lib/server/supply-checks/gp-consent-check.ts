import "server-only";
import { getGpConsentForSupply } from "@/lib/server/gp/get-gp-consent-for-supply";
import { formatLongDate } from "@/lib/format/dates";
import type { SupplyCheckDefinition } from "./types";

// GPhC, "Guidance for registered pharmacies providing pharmacy services at a distance, including
// on the internet" (February 2025 update), on prescribing medicines for weight management and
// other higher-risk medicines: the prescriber should share information about the supply with the
// patient's GP (with consent), and where the patient does not consent, decide whether supplying
// is still appropriate and record the reasons.
const SOURCE = "GPhC guidance for registered pharmacies providing pharmacy services at a distance (February 2025): sharing information with the patient's GP";

/**
 * Medicines marked "GP consent required" (Mounjaro) are supplied only when the patient consented
 * to tell their GP, or the deciding clinician recorded why supplying without it is appropriate.
 * Other medicines: not required (a letter is still sent when the patient consented).
 */
export const gpConsentCheck: SupplyCheckDefinition = {
  key: "gp_consent",
  async evaluate(tx, subject) {
    const base = { key: "gp_consent", title: "The patient's GP", source: SOURCE };
    const needing = subject.medicines.filter((medicine) => medicine.requiresGpConsent).map((medicine) => medicine.name);
    const found = await getGpConsentForSupply(tx, subject.userId, { type: subject.kind, id: subject.id });
    const practiceFacts = found.practice
      ? [
          { label: "Practice", value: found.practice.name },
          { label: "Consent to share", value: found.consent ? "Yes" : "No" },
          { label: "Letter", value: found.practice.hasEmail ? "By email to the practice" : "By post (the practice has no email)" },
        ]
      : [{ label: "Practice", value: "Not given" }];
    if (found.consent && found.practice) {
      return { ...base, state: needing.length ? "met" : "not_required", summary: `A letter will be sent to ${found.practice.name}.`, facts: practiceFacts, blocking: null };
    }
    if (!needing.length) return { ...base, state: "not_required", summary: "No GP letter: the patient has not consented to sharing with their GP. Not required for this supply.", facts: practiceFacts, blocking: null };
    if (found.override) {
      return {
        ...base,
        state: "met",
        summary: `Supplying without telling the GP: ${found.override.by} recorded why on ${formatLongDate(found.override.at)}.`,
        facts: [...practiceFacts, { label: "Reason recorded", value: found.override.reason }],
        blocking: null,
      };
    }
    const what = found.practice ? "has not consented to us telling their GP" : "has not given their GP's details";
    return {
      ...base,
      state: "unmet",
      summary: `The patient ${what}; ${needing.join(", ")} needs the GP told.`,
      facts: practiceFacts,
      blocking: `The patient ${what}. Decline, or record why supplying ${needing.join(", ")} is still appropriate.`,
    };
  },
};
