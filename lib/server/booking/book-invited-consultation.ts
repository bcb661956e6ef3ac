import "server-only";
import { slotStart, type SlotLabel } from "@/lib/booking/schedule";
import type { BookingView } from "@/lib/booking/types";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { bookingConfirmedMail } from "@/lib/server/booking/booking-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import type { InvitedBookingInput } from "@/lib/validation/booking";
import { newBookingReference } from "./booking-reference";
import { bookingViewSelect, toBookingView } from "./booking-view";
import { countTakenPlaces, lockSlot } from "./consultation-slot";
import { assertBookable, SLOT_NOT_AVAILABLE } from "./start-booking-checkout";

const INVITATION_NOT_VALID = "This invitation is not valid for your account, or it has expired. Please contact us.";
const NEEDS_PAYMENT = "This consultation needs payment. Please book it on the consultation page.";

/**
 * POST /api/bookings: a booking that needs no payment, made through a pharmacist's
 * invitation with the fee waived (the review capability creates invitations). The
 * invitation is the patient's own, unused and unexpired; it is used up in the same
 * transaction that takes the place, under the same slot lock as paid bookings.
 */
export async function bookInvitedConsultation(actor: AccountActor, input: InvitedBookingInput): Promise<BookingView> {
  assertBookable(input.date, input.time as SlotLabel);
  const startsAt = slotStart(input.date, input.time as SlotLabel);
  return db.$transaction(async (tx) => {
    const [invitation] = await tx.$queryRaw<{ id: string; userId: string | null; typeId: string; feeWaived: boolean; usable: boolean }[]>`
      SELECT id::text AS id, user_id::text AS "userId", consultation_type_id AS "typeId", fee_waived AS "feeWaived",
             used_at IS NULL AND expires_at > (now() AT TIME ZONE 'UTC') AS usable
      FROM consultation_invitations WHERE id = ${input.invitation_id}::uuid FOR UPDATE`;
    if (!invitation || invitation.userId !== actor.user.id || !invitation.usable) {
      throw new AppError("validation_failed", INVITATION_NOT_VALID, { invitation_id: [INVITATION_NOT_VALID] });
    }
    if (!invitation.feeWaived) throw new AppError("validation_failed", NEEDS_PAYMENT, { invitation_id: [NEEDS_PAYMENT] });
    const type = await tx.consultationType.findUniqueOrThrow({ where: { id: invitation.typeId } });
    const slot = await lockSlot(tx, type.id, startsAt, type.slotCapacity);
    if ((await countTakenPlaces(tx, slot.id)) >= slot.capacity) throw new AppError("conflict", SLOT_NOT_AVAILABLE);
    const booking = await tx.consultationBooking.create({
      data: {
        reference: await newBookingReference(tx),
        userId: actor.user.id,
        consultationTypeId: type.id,
        slotId: slot.id,
        startsAt,
        clientName: actor.user.name,
        clientEmail: actor.user.email,
        hairConcerns: input.hair_concerns,
        pricePence: 0,
        invitationId: invitation.id,
        status: "CONFIRMED",
        confirmedAt: new Date(),
      },
      select: bookingViewSelect,
    });
    await tx.consultationInvitation.update({ where: { id: invitation.id }, data: { usedAt: new Date() } });
    const view = toBookingView(booking);
    await sendMail(bookingConfirmedMail(view), tx);
    return view;
  });
}
