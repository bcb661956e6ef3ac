import "server-only";
import { db } from "@/lib/server/core/db/client";
import type { PlanView } from "./types";

/** The active plans of one treatment type (e.g. "minoxidil"), in catalogue order. */
export async function listAvailablePlans(treatmentTypeSlug: string): Promise<PlanView[]> {
  return db.plan.findMany({
    where: { isActive: true, treatmentType: { slug: treatmentTypeSlug } },
    select: { id: true, slug: true, name: true, pricePence: true, durationMonths: true, description: true },
    orderBy: { sortOrder: "asc" },
  });
}
