import "server-only";
import { formatDateTime } from "@/lib/format/dates";
import { evaluateIdentity } from "@/lib/server/identity/evaluate-identity";
import type { SupplyCheck, SupplyCheckDefinition } from "./types";

const TITLE = "Identity";
// The rule's source, shown with the check on the case.
const IDENTITY_SOURCE =
  "GPhC, Guidance for registered pharmacies providing pharmacy services at a distance, including on the internet (February 2025), principle 4: verify the identity of the person before supplying a prescription-only medicine; identify multiple accounts or orders for the same person.";

const DECISION_LABELS = {
  DIFFERENT_PEOPLE: "different people, supply allowed",
  SAME_PERSON_SUPPLY_ALLOWED: "the same person, supply allowed",
  SAME_PERSON_DECLINE: "the same person, no supply",
} as const;

export const NOT_VERIFIED = "The patient has not verified their identity yet.";
export const GUEST =
  "The patient is not signed in to an account: identity is verified per account. Ask them (Message the patient) to sign in or create an account with this email and verify their identity from their dashboard.";

/**
 * Before the first, and every, prescription-only supply: the name and date of birth on the
 * patient's newest verified identity document match every questionnaire behind the supply.
 * Not required when the supply has no prescription-only medicine.
 */
export const identityCheck: SupplyCheckDefinition = {
  key: "identity",
  async evaluate(tx, subject): Promise<SupplyCheck> {
    const base = { key: "identity", title: TITLE, source: IDENTITY_SOURCE };
    if (!subject.medicines.some((medicine) => medicine.prescriptionOnly)) {
      return { ...base, state: "not_required", summary: "No prescription-only medicine in this supply.", facts: [], blocking: null };
    }
    const found = await evaluateIdentity(tx, subject);
    if (found.state === "guest") return { ...base, state: "unmet", summary: "A guest's record: no account to verify.", facts: [{ label: "Status", value: "Guest (no account)" }], blocking: GUEST };
    if (found.state === "not_verified") {
      const facts = [{ label: "Status", value: found.pending ? "Being checked by the provider" : found.lastError ? "Document not accepted" : "Not verified" }];
      if (found.lastError) facts.push({ label: "Last attempt", value: found.lastError });
      const blocking = found.lastError ? `The patient's identity document was not accepted (${found.lastError}). They have been asked to try again.` : NOT_VERIFIED;
      return { ...base, state: "unmet", summary: found.lastError ? "The last identity document was not accepted." : "Identity not verified yet.", facts, blocking };
    }
    const { document, expected, mismatched, duplicates } = found;
    const documentName = `${document.firstName} ${document.lastName}`;
    const given = expected.map((answer) => `${answer.name ?? "not given"} (${answer.nameFrom === "account" ? "account name" : "questionnaire"})`);
    const facts = [
      { label: "Status", value: "Verified with a document" },
      { label: "Name on the document", value: documentName },
      { label: "Date of birth on the document", value: document.dateOfBirth },
      { label: "Name given", value: [...new Set(given)].join("; ") || "No questionnaire" },
      { label: "Date of birth given", value: [...new Set(expected.map((answer) => answer.dateOfBirth ?? "not given"))].join("; ") || "No questionnaire" },
      { label: "Matched", value: (["name", "date of birth"] as const).filter((field) => !mismatched.includes(field)).join(" and ") || "nothing" },
      { label: "Verified", value: formatDateTime(document.verifiedAt) },
      ...duplicates.map((duplicate) => ({
        label: "Possible second account",
        value: `${duplicate.name} (${duplicate.email}): ${duplicate.reasons.join("; ")}. ${duplicate.decision ? `Decided: ${DECISION_LABELS[duplicate.decision.decision]}.` : "No decision yet."}`,
        href: `/staff/identity/${subject.userId}`,
      })),
    ];
    const undecided = duplicates.find((duplicate) => !duplicate.decision);
    const refused = duplicates.find((duplicate) => duplicate.decision?.decision === "SAME_PERSON_DECLINE");
    if (!mismatched.length && refused) {
      return { ...base, state: "unmet", summary: "The same person as another account: a reviewer decided no supply.", facts, blocking: `A reviewer decided this patient is the same person as the account ${refused.email} and that no supply should go ahead. Decline this case.` };
    }
    if (!mismatched.length && undecided) {
      return {
        ...base,
        state: "unmet",
        summary: "Verified, but another account looks like the same person.",
        facts,
        blocking: `Another account (${undecided.email}) looks like the same person (${undecided.reasons.join("; ")}). Record whether they are the same person before supplying (Identity: Possible second account).`,
      };
    }
    if (!mismatched.length) return { ...base, state: "met", summary: `Verified: ${documentName}, born ${document.dateOfBirth}; name and date of birth match.`, facts, blocking: null };
    const differs = mismatched.join(" and ");
    return {
      ...base,
      state: "unmet",
      summary: `The ${differs} on the identity document ${mismatched.length > 1 ? "do" : "does"} not match the answers.`,
      facts,
      blocking: `The ${differs} on the patient's identity document (${mismatched.includes("name") ? documentName : document.dateOfBirth}) ${mismatched.length > 1 ? "do" : "does"} not match the ${differs} given for this supply. The patient must verify again with a document in the name and date of birth they gave, or correct their answers.`,
    };
  },
};
