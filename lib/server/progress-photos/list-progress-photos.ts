import "server-only";
import type { AccountActor, StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import type { ProgressPhotoSetView } from "./types";

/** The most sets a comparison shows (the latest; the first set is always kept as the baseline). */
const COMPARISON_SETS = 6;

/** The baseline, the latest sets and (when given) the set sent with one check-in, oldest first. */
async function setsOf(userId: string, url: (photoId: string) => string, checkInId?: string): Promise<ProgressPhotoSetView[]> {
  const select = { id: true, takenAt: true, photos: { select: { id: true, view: true } } } as const;
  const [first, latest, ofCheckIn] = await Promise.all([
    db.progressPhotoSet.findFirst({ where: { userId }, orderBy: { takenAt: "asc" }, select }),
    db.progressPhotoSet.findMany({ where: { userId }, orderBy: { takenAt: "desc" }, take: COMPARISON_SETS - 1, select }),
    checkInId ? db.progressPhotoSet.findFirst({ where: { userId, checkInId }, select }) : null,
  ]);
  const byId = new Map([first, ofCheckIn, ...latest].filter((set) => set !== null).map((set) => [set.id, set]));
  const sets = [...byId.values()].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
  return sets.map((set) => ({ id: set.id, takenAt: set.takenAt.toISOString(), photos: set.photos.map((photo) => ({ view: photo.view, url: url(photo.id) })) }));
}

/** The patient's own sets, oldest first (the first is the baseline), served at their own photo URL. */
export function listOwnProgressPhotos(actor: AccountActor): Promise<ProgressPhotoSetView[]> {
  return setsOf(actor.user.id, (id) => `/api/progress-photos/${id}`);
}

/**
 * A patient's sets for the clinician deciding their case or order (the case view that calls
 * this is already audited; each image opened is audited again by the staff photo route).
 */
export async function listCaseProgressPhotos(_actor: StaffActor, of: { requestId: string } | { orderId: string } | { checkInId: string }): Promise<ProgressPhotoSetView[]> {
  const owner =
    "requestId" in of
      ? await db.prescriptionRequest.findUnique({ where: { id: of.requestId }, select: { userId: true } })
      : "orderId" in of
        ? await db.order.findUnique({ where: { id: of.orderId }, select: { userId: true } })
        : await db.checkIn.findUnique({ where: { id: of.checkInId }, select: { userId: true } });
  if (!owner?.userId) return [];
  return setsOf(owner.userId, (id) => `/api/staff/progress-photos/${id}`, "checkInId" in of ? of.checkInId : undefined);
}
