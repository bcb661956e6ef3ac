import "server-only";
import { db } from "@/lib/server/core/db/client";

/** The treatment types of the featured products (the shop's own choice of what leads), in catalogue order. */
export async function listFeaturedTreatmentTypes(): Promise<string[]> {
  const rows = await db.product.findMany({
    where: { isActive: true, isFeatured: true, treatmentType: { isNot: null } },
    select: { treatmentType: { select: { slug: true } } },
    orderBy: { sortOrder: "asc" },
  });
  return [...new Set(rows.flatMap((row) => (row.treatmentType ? [row.treatmentType.slug] : [])))];
}
