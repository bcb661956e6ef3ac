import "server-only";
import { dateProblem, isSlotBookable, slotStart, type SlotLabel } from "@/lib/booking/schedule";
import { formatWeekdayDate, londonToday } from "@/lib/format/dates";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { CHECKOUT_MINUTES, openCheckoutSession } from "@/lib/server/services/payments/open-checkout-session";
import type { ConsultationPayInput } from "@/lib/validation/booking";
import { newBookingReference } from "./booking-reference";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { countTakenPlaces, lockSlot } from "./consultation-slot";
import { findConsultationType } from "./find-consultation-type";
import { assertHoldAllowed, holderAddressHash } from "./hold-caps";

export const SLOT_NOT_AVAILABLE = "Slot not available.";
/** A hold outlives its checkout session a little, so a payment made in the last minute still finds its place. */
const HOLD_GRACE_MINUTES = 5;

/**
 * POST /api/consultations/pay: holds a place in the slot and opens a checkout session for
 * it. The hold is taken under the slot's row lock, so however many requests race for the
 * last place, exactly one gets it. The same person asking again for the same slot (a double
 * click, a second tab, coming back from a cancelled checkout) gets their existing hold and
 * session back instead of a second one. A new hold is refused while the person or the client
 * address already holds the most allowed (hold-caps.ts). The price comes from the database only.
 */
export async function startBookingCheckout(
  input: ConsultationPayInput,
  actor: Actor,
  { address }: { address: string },
): Promise<{ sessionId: string; url: string; bookingId: string }> {
  const type = await findConsultationType(input.type);
  assertBookable(input.date, input.time as SlotLabel);
  const startsAt = slotStart(input.date, input.time as SlotLabel);
  const ownerWhere = ownedBy(actor);
  const addressHash = holderAddressHash(address);

  const { booking, payment } = await db.$transaction(async (tx) => {
    const slot = await lockSlot(tx, type.id, startsAt, type.slotCapacity);
    const existing = await tx.consultationBooking.findFirst({
      where: { slotId: slot.id, clientEmail: input.client_email, status: "PENDING_PAYMENT", holdExpiresAt: { gt: new Date() }, ...ownerWhere, payment: { status: "OPEN" } },
      include: { payment: true },
    });
    if (existing?.payment) {
      const updated = await tx.consultationBooking.update({
        where: { id: existing.id },
        data: { clientName: input.client_name, hairConcerns: input.hair_concerns },
      });
      return { booking: updated, payment: existing.payment };
    }
    await assertHoldAllowed(tx, { addressHash, email: input.client_email, owner: ownerWhere });
    if ((await countTakenPlaces(tx, slot.id)) >= slot.capacity) throw new AppError("conflict", SLOT_NOT_AVAILABLE);
    // Whole seconds: Stripe's expires_at has no milliseconds, and our record must match it.
    const checkoutExpiresAt = new Date(Math.ceil(Date.now() / 1000 + CHECKOUT_MINUTES * 60) * 1000);
    const payment = await tx.payment.create({
      data: { purpose: "CONSULTATION_BOOKING", amountPence: type.pricePence, currency: "gbp", expiresAt: checkoutExpiresAt },
    });
    const created = await tx.consultationBooking.create({
      data: {
        paymentId: payment.id,
        reference: await newBookingReference(tx),
        ...ownerWhere,
        consultationTypeId: type.id,
        slotId: slot.id,
        startsAt,
        clientName: input.client_name,
        clientEmail: input.client_email,
        hairConcerns: input.hair_concerns,
        pricePence: type.pricePence,
        status: "PENDING_PAYMENT",
        holdExpiresAt: new Date(checkoutExpiresAt.getTime() + HOLD_GRACE_MINUTES * 60_000),
        holderAddressHash: addressHash,
      },
    });
    return { booking: created, payment };
  });

  try {
    const session = await openCheckoutSession(payment, {
      itemName: type.name,
      itemDescription: `${formatWeekdayDate(input.date)} at ${input.time} (UK time) · ${booking.reference}`,
      customerEmail: booking.clientEmail,
      successPath: "/consultation/confirmation",
      cancelPath: `/consultation?checkout=cancelled&booking=${booking.id}`,
      metadata: { booking_id: booking.id, booking_reference: booking.reference },
    });
    return { ...session, bookingId: booking.id };
  } catch (error) {
    // No session, no hold: give the place back at once (only if no session was ever stored).
    await db.$transaction([
      db.consultationBooking.updateMany({ where: { id: booking.id, status: "PENDING_PAYMENT", payment: { is: { checkoutSessionId: null } } }, data: { status: "EXPIRED" } }),
      db.payment.updateMany({ where: { id: payment.id, status: "OPEN", checkoutSessionId: null }, data: { status: "FAILED" } }),
    ]);
    throw error;
  }
}

export function assertBookable(date: string, time: SlotLabel) {
  const problem = dateProblem(date, londonToday());
  if (problem) throw new AppError("validation_failed", problem, { date: [problem] });
  if (!isSlotBookable(date, time)) {
    const message = "That time is too soon or has passed. Please choose a later time.";
    throw new AppError("validation_failed", message, { time: [message] });
  }
}
