import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import type { IdentityDuplicateDecision } from "@/lib/server/core/db/generated/client";
import { normaliseName } from "./names";

/** Another account that looks like the same person, why, and what a reviewer decided. */
export type IdentityDuplicate = {
  userId: string;
  name: string;
  email: string;
  reasons: string[];
  decision: { decision: IdentityDuplicateDecision; note: string; decidedAt: Date } | null;
};

const normalisePostcode = (postcode: string) => postcode.replace(/\s+/g, "").toUpperCase();

/** The pair as stored: the lower user id first. */
export function orderedPair(a: string, b: string): { firstUserId: string; secondUserId: string } {
  return a < b ? { firstUserId: a, secondUserId: b } : { firstUserId: b, secondUserId: a };
}

/**
 * Accounts that look like this patient (GPhC distance-selling guidance, Feb 2025: identify
 * multiple accounts of one person): a verified document with the same number, or a verified
 * document with the same name and date of birth where the two accounts share a delivery
 * postcode. Only verified documents are compared, so what is flagged is evidence, not a guess.
 */
export async function findIdentityDuplicates(tx: Tx, userId: string): Promise<IdentityDuplicate[]> {
  const mine = await tx.identityVerification.findMany({ where: { userId, status: "VERIFIED" }, select: { firstName: true, lastName: true, dateOfBirth: true, documentHash: true } });
  if (!mine.length) return [];
  const hashes = mine.flatMap((row) => (row.documentHash ? [row.documentHash] : []));
  const births = mine.flatMap((row) => (row.dateOfBirth ? [row.dateOfBirth] : []));
  const names = new Set(mine.map((row) => normaliseName(`${row.firstName ?? ""} ${row.lastName ?? ""}`)));
  const others = await tx.identityVerification.findMany({
    where: { status: "VERIFIED", userId: { not: userId }, OR: [{ documentHash: { in: hashes } }, { dateOfBirth: { in: births } }] },
    select: { userId: true, firstName: true, lastName: true, documentHash: true },
  });
  const reasons = new Map<string, Set<string>>();
  const add = (other: string, reason: string) => reasons.set(other, (reasons.get(other) ?? new Set()).add(reason));
  const sameName: string[] = [];
  for (const row of others) {
    if (!row.userId) continue;
    if (row.documentHash && hashes.includes(row.documentHash)) add(row.userId, "the same identity document");
    else if (names.has(normaliseName(`${row.firstName ?? ""} ${row.lastName ?? ""}`))) sameName.push(row.userId);
  }
  if (sameName.length) {
    const orders = await tx.order.findMany({ where: { userId: { in: [userId, ...sameName] }, status: { notIn: ["PENDING_PAYMENT", "CANCELLED"] } }, select: { userId: true, shipPostcode: true } });
    const minePostcodes = new Set(orders.filter((order) => order.userId === userId).map((order) => normalisePostcode(order.shipPostcode)));
    for (const order of orders) {
      if (order.userId && order.userId !== userId && minePostcodes.has(normalisePostcode(order.shipPostcode))) add(order.userId, `the same name, date of birth and delivery postcode (${order.shipPostcode.toUpperCase()})`);
    }
  }
  if (!reasons.size) return [];
  const ids = [...reasons.keys()];
  const [accounts, reviews] = await Promise.all([
    tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } }),
    tx.identityDuplicateReview.findMany({ where: { OR: ids.map((other) => orderedPair(userId, other)) }, select: { firstUserId: true, secondUserId: true, decision: true, note: true, decidedAt: true } }),
  ]);
  return accounts
    .map((account) => {
      const pair = orderedPair(userId, account.id);
      const review = reviews.find((row) => row.firstUserId === pair.firstUserId && row.secondUserId === pair.secondUserId);
      return { userId: account.id, name: account.name, email: account.email, reasons: [...(reasons.get(account.id) ?? [])], decision: review ? { decision: review.decision, note: review.note, decidedAt: review.decidedAt } : null };
    })
    .sort((a, b) => a.email.localeCompare(b.email));
}
