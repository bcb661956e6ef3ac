import "server-only";
import { dateProblem, isSlotBookable, SLOT_LABELS, slotStart } from "@/lib/booking/schedule";
import { londonToday } from "@/lib/format/dates";
import type { SlotAvailability } from "@/lib/booking/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { findConsultationType } from "./find-consultation-type";

/**
 * GET /api/consultations/availability: every slot label of a date with whether a place is
 * left (capacity minus confirmed bookings and live holds) and it is far enough ahead. A
 * hint for the form only: the pay request decides under the slot lock.
 */
export async function listSlotAvailability(date: string, typeSlug: string | null | undefined): Promise<{ date: string; type: string; slots: SlotAvailability[] }> {
  const type = await findConsultationType(typeSlug);
  const problem = dateProblem(date, londonToday());
  if (problem) throw new AppError("validation_failed", problem, { date: [problem] });
  const starts = SLOT_LABELS.map((label) => slotStart(date, label));
  const slots = await db.consultationSlot.findMany({
    where: { consultationTypeId: type.id, startsAt: { in: starts } },
    select: {
      startsAt: true,
      capacity: true,
      _count: {
        select: {
          bookings: { where: { OR: [{ status: "CONFIRMED" }, { status: "PENDING_PAYMENT", holdExpiresAt: { gt: new Date() } }] } },
        },
      },
    },
  });
  const byStart = new Map(slots.map((slot) => [slot.startsAt.getTime(), slot.capacity - slot._count.bookings]));
  const now = new Date();
  return {
    date,
    type: type.slug,
    slots: SLOT_LABELS.map((label, index) => ({
      time: label,
      available: isSlotBookable(date, label, now) && (byStart.get(starts[index]!.getTime()) ?? type.slotCapacity) > 0,
    })),
  };
}
