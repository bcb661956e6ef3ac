import "server-only";
import type { Tx } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";
import { CASE_NOT_FOUND } from "@/lib/validation/prescription-review";
import { prescriberDisplayName, type ClaimState } from "./claim-rules";

export type LockedCase = ClaimState & {
  id: string;
  reference: string;
  email: string;
  pricePence: number;
  paymentId: string;
  responseId: string;
  dueAt: Date | null;
};

/**
 * Locks a paid prescription request (SELECT … FOR UPDATE) for the rest of the transaction
 * and reads it afresh under the lock. Every staff write to a request takes this lock first,
 * so two prescribers acting at once are serialised and the second sees the first's result.
 * An unpaid request does not exist for staff (404).
 */
export async function lockReviewCase(tx: Tx, id: string): Promise<LockedCase> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM prescription_requests WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new AppError("not_found", CASE_NOT_FOUND);
  // A new statement after the lock: READ COMMITTED sees whatever the previous holder committed.
  const row = await tx.prescriptionRequest.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      reference: true,
      status: true,
      email: true,
      pricePence: true,
      paymentId: true,
      responseId: true,
      dueAt: true,
      claimedById: true,
      claimedAt: true,
      claimedBy: { select: { name: true, staffProfile: { select: { registrationBody: true } } } },
    },
  });
  if (row.status === "PENDING_PAYMENT") throw new AppError("not_found", CASE_NOT_FOUND);
  const { claimedBy, ...rest } = row;
  return {
    ...rest,
    status: row.status as PrescriptionStatus,
    claimerName: claimedBy ? prescriberDisplayName(claimedBy.name, claimedBy.staffProfile?.registrationBody) : null,
  };
}

/**
 * Options for every transaction that takes the case lock: a decline holds it across the
 * payment provider's refund call, so a transaction waiting behind one must outlast it.
 */
export const CASE_TRANSACTION = { timeout: 35_000, maxWait: 10_000 } as const;
