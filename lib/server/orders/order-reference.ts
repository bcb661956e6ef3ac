import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { freeReference } from "@/lib/server/core/reference/new-reference";

/** An order's reference that no order has, e.g. "OR-7K3Q9D". */
export function newOrderReference(tx: Tx): Promise<string> {
  return freeReference("OR", async (reference) => (await tx.order.count({ where: { reference } })) > 0);
}
