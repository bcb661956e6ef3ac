import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { freeReference } from "@/lib/server/core/reference/new-reference";

/** A consultation booking's reference that no booking has, e.g. "HC-7K3Q9D". */
export function newBookingReference(tx: Tx): Promise<string> {
  return freeReference("HC", async (reference) => (await tx.consultationBooking.count({ where: { reference } })) > 0);
}
