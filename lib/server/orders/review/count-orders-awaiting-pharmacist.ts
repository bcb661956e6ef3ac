import "server-only";
import { db } from "@/lib/server/core/db/client";

/** How many paid orders wait for a pharmacist (the staff home page's count). */
export async function countOrdersAwaitingPharmacist(): Promise<number> {
  return db.order.count({ where: { status: "AWAITING_PHARMACIST" } });
}
