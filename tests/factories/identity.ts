import { createHash, randomUUID } from "node:crypto";
import { db } from "@/lib/server/core/db/client";
import { expectedIdentities } from "@/lib/server/identity/expected-identity";

export type IdentityDocument = { firstName: string; lastName: string; dateOfBirth: string; documentNumber?: string };

/**
 * The patient verified their identity (as the provider's verified webhook records it): a
 * VERIFIED identity check with this document, or by default one in the name and date of birth
 * of their newest questionnaire (the account's name for an assessment). For tests whose subject
 * is another rule and for the bench's seeds: the identity rule itself is tested through the
 * sandbox (tests/integration/identity).
 */
export async function verifyIdentity(user: { id: string }, document?: IdentityDocument) {
  const chosen = document ?? (await answeredDocument(user.id));
  const number = chosen.documentNumber ?? `P${randomUUID().slice(0, 8)}`;
  return db.identityVerification.create({
    data: {
      userId: user.id,
      providerSessionId: `vs_factory_${randomUUID().replaceAll("-", "")}`,
      status: "VERIFIED",
      firstName: chosen.firstName,
      lastName: chosen.lastName,
      dateOfBirth: chosen.dateOfBirth,
      documentHash: createHash("sha256").update(`GB|${number.toUpperCase()}`).digest("hex"),
      verifiedAt: new Date(),
    },
    select: { id: true, providerSessionId: true },
  });
}

async function answeredDocument(userId: string): Promise<IdentityDocument> {
  const responses = await db.questionnaireResponse.findMany({ where: { userId }, select: { id: true }, orderBy: { createdAt: "desc" } });
  const answered = (await expectedIdentities(db, userId, responses.map((response) => response.id))).reverse().find((found) => found.name && found.dateOfBirth);
  if (!answered?.name || !answered.dateOfBirth) throw new Error(`verifyIdentity: user ${userId} has no questionnaire with a name and date of birth; pass the document.`);
  const parts = answered.name.trim().split(/\s+/);
  return { firstName: parts.slice(0, -1).join(" ") || parts[0]!, lastName: parts.at(-1)!, dateOfBirth: answered.dateOfBirth };
}
