import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { expectedIdentities, type ExpectedIdentity } from "./expected-identity";
import { findIdentityDuplicates, type IdentityDuplicate } from "./find-identity-duplicates";
import { documentNameMatches } from "./names";

type VerifiedDocument = { id: string; firstName: string; lastName: string; dateOfBirth: string; verifiedAt: Date };

/** What the patient's identity check says about one supply (a prescription request, an order). */
export type IdentityFinding =
  | { state: "guest" }
  | { state: "not_verified"; lastError: string | null; pending: boolean }
  | { state: "checked"; document: VerifiedDocument; expected: ExpectedIdentity[]; mismatched: ("name" | "date of birth")[]; duplicates: IdentityDuplicate[] };

/**
 * Matches the patient's newest verified document against every questionnaire behind the
 * supply. A changed name or date of birth in a later questionnaire no longer matches the old
 * document: the patient verifies again, and the newest verified document is the one compared.
 */
export async function evaluateIdentity(tx: Tx, subject: { userId: string | null; responseIds: readonly string[] }): Promise<IdentityFinding> {
  if (!subject.userId) return { state: "guest" };
  const [verified, latest] = await Promise.all([
    tx.identityVerification.findFirst({ where: { userId: subject.userId, status: "VERIFIED" }, orderBy: { verifiedAt: "desc" }, select: { id: true, firstName: true, lastName: true, dateOfBirth: true, verifiedAt: true } }),
    tx.identityVerification.findFirst({ where: { userId: subject.userId }, orderBy: { createdAt: "desc" }, select: { status: true, lastErrorReason: true } }),
  ]);
  if (!verified?.firstName || !verified.lastName || !verified.dateOfBirth || !verified.verifiedAt) {
    return { state: "not_verified", lastError: latest?.status === "REQUIRES_INPUT" ? latest.lastErrorReason : null, pending: latest?.status === "PROCESSING" };
  }
  const document = { id: verified.id, firstName: verified.firstName, lastName: verified.lastName, dateOfBirth: verified.dateOfBirth, verifiedAt: verified.verifiedAt };
  const expected = await expectedIdentities(tx, subject.userId, subject.responseIds);
  const mismatched = new Set<"name" | "date of birth">();
  for (const answer of expected) {
    if (!answer.name || !documentNameMatches(document, answer.name)) mismatched.add("name");
    if (!answer.dateOfBirth || answer.dateOfBirth !== document.dateOfBirth) mismatched.add("date of birth");
  }
  return { state: "checked", document, expected, mismatched: [...mismatched], duplicates: await findIdentityDuplicates(tx, subject.userId) };
}
