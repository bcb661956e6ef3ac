import "server-only";
import { db } from "@/lib/server/core/db/client";
import type { ConsultationTypeOption } from "@/lib/booking/types";

/** The bookable consultation types, in catalogue order, for the booking form. */
export async function listConsultationTypes(): Promise<ConsultationTypeOption[]> {
  return db.consultationType.findMany({
    select: { slug: true, name: true, description: true, pricePence: true, isDefault: true },
    orderBy: { sortOrder: "asc" },
  });
}
