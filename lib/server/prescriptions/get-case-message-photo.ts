import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";

export type CaseMessagePhoto = { bytes: Buffer; contentType: string; filename: string };

const NOT_FOUND = "We could not find that photo.";

/** The photo sent with a message of the actor's own prescription request; 404 for anyone else's. */
export async function getCaseMessagePhoto(actor: Actor | null, requestId: string, messageId: string): Promise<CaseMessagePhoto> {
  const message = actor
    ? await db.caseMessage.findFirst({
        where: { id: messageId, requestId, request: ownedBy(actor), photoKey: { not: null } },
        select: { photoKey: true, photoType: true, photoName: true },
      })
    : null;
  if (!message?.photoKey) throw new AppError("not_found", NOT_FOUND);
  const object = await uploadStorage().get(message.photoKey);
  if (!object) throw new AppError("not_found", NOT_FOUND);
  return { bytes: object.bytes, contentType: message.photoType ?? "image/jpeg", filename: message.photoName ?? "photo" };
}
