import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { freeReference } from "@/lib/server/core/reference/new-reference";

/** A prescription request's reference that no request has, e.g. "PR-7K3Q9D". */
export function newPrescriptionReference(tx: Tx): Promise<string> {
  return freeReference("PR", async (reference) => (await tx.prescriptionRequest.count({ where: { reference } })) > 0);
}
