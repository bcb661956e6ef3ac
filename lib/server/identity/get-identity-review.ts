import "server-only";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { IDENTITY_REVIEWER_ROLES } from "./decide-identity-duplicate";
import { findIdentityDuplicates } from "./find-identity-duplicates";
import type { IdentityReviewView, StaffCaseLink } from "./types";

const NOT_FOUND = "We could not find that patient.";

async function casesOf(userId: string): Promise<StaffCaseLink[]> {
  const [requests, orders] = await Promise.all([
    db.prescriptionRequest.findMany({ where: { userId, status: { not: "PENDING_PAYMENT" } }, select: { id: true, reference: true, status: true }, orderBy: { createdAt: "desc" }, take: 10 }),
    db.order.findMany({ where: { userId, status: { notIn: ["PENDING_PAYMENT", "CANCELLED"] } }, select: { id: true, reference: true, status: true }, orderBy: { createdAt: "desc" }, take: 10 }),
  ]);
  return [
    ...requests.map((row) => ({ reference: row.reference, status: row.status, href: `/staff/prescriptions/${row.id}` })),
    ...orders.map((row) => ({ reference: row.reference, status: row.status, href: `/staff/orders/${row.id}` })),
  ];
}

/**
 * A patient's identity as a reviewer checks it: the verified document and every account that
 * looks like the same person, with their cases and any decision. Staff who decide supplies only.
 */
export async function getIdentityReview(actor: StaffActor, userId: string): Promise<IdentityReviewView> {
  if (!isStaff(actor, IDENTITY_REVIEWER_ROLES)) throw new AppError("forbidden", "You do not have access to this area.");
  const patient = await db.user.findFirst({ where: { id: userId, role: "CUSTOMER" }, select: { id: true, name: true, email: true } });
  if (!patient) throw new AppError("not_found", NOT_FOUND);
  // A view of another person's identity document details is recorded before it is returned (ASVS V7: access to sensitive data is logged).
  await recordAuditEvent({ actor, action: "identity.viewed", subjectType: "user", subjectId: userId });
  const [verified, duplicates, cases] = await Promise.all([
    db.identityVerification.findFirst({ where: { userId, status: "VERIFIED" }, orderBy: { verifiedAt: "desc" }, select: { firstName: true, lastName: true, dateOfBirth: true, verifiedAt: true } }),
    findIdentityDuplicates(db, userId),
    casesOf(userId),
  ]);
  return {
    patient: { ...patient, cases },
    verified: verified?.verifiedAt ? { name: `${verified.firstName ?? ""} ${verified.lastName ?? ""}`.trim(), dateOfBirth: verified.dateOfBirth ?? "", verifiedAt: verified.verifiedAt.toISOString() } : null,
    duplicates: await Promise.all(
      duplicates.map(async (duplicate) => ({
        userId: duplicate.userId,
        name: duplicate.name,
        email: duplicate.email,
        reasons: duplicate.reasons,
        decision: duplicate.decision ? { decision: duplicate.decision.decision, note: duplicate.decision.note, decidedAt: duplicate.decision.decidedAt.toISOString() } : null,
        cases: await casesOf(duplicate.userId),
      })),
    ),
  };
}
