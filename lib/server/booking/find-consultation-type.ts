import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";

/** The consultation type by slug, or the default one when none is given. */
export async function findConsultationType(slug: string | null | undefined) {
  const type = await db.consultationType.findFirst({
    where: slug ? { slug } : { isDefault: true },
    select: { id: true, slug: true, name: true, pricePence: true, slotCapacity: true },
  });
  if (!type) {
    const message = "Please choose a consultation type.";
    throw new AppError("validation_failed", message, { type: [message] });
  }
  return type;
}
