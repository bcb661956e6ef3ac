import "server-only";
import { db } from "@/lib/server/core/db/client";
import { Prisma } from "@/lib/server/core/db/generated/client";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { abandonedDraft } from "./retention-conditions";
import type { DeletedRows } from "./run-retention-rules";

/**
 * Deletes a batch of the photos of abandoned questionnaire drafts: the stored files first,
 * while the photo and draft rows are locked, then the rows. A failure part-way leaves rows
 * whose files may be gone, and the next run deletes them (deleting a missing file succeeds);
 * it never leaves a patient's photo in storage that no row names.
 */
export async function deleteAbandonedDraftPhotos(cutoff: Date, limit: number): Promise<DeletedRows> {
  const count = await db.$transaction(
    async (tx) => {
      const photos = await tx.$queryRaw<{ id: string; storageKey: string }[]>`
        SELECT p.id::text AS id, p.storage_key AS "storageKey"
        FROM questionnaire_photos p JOIN questionnaire_responses t ON t.id = p.response_id
        WHERE ${abandonedDraft(cutoff)}
        LIMIT ${limit} FOR UPDATE OF p, t SKIP LOCKED`;
      if (photos.length === 0) return 0;
      const storage = uploadStorage();
      await Promise.all(photos.map((photo) => storage.delete(photo.storageKey)));
      return tx.$executeRaw`DELETE FROM questionnaire_photos WHERE id IN (${Prisma.join(photos.map((photo) => Prisma.sql`${photo.id}::uuid`))})`;
    },
    { timeout: 60_000 },
  );
  return { questionnaire_photos: count };
}
