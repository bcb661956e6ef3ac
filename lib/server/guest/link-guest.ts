import "server-only";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { MAX_QUANTITY } from "@/lib/validation/cart";
import { upsertCartId } from "@/lib/server/cart/upsert-cart-id";
import { copyAssessmentGpDetails } from "@/lib/server/gp/copy-assessment-gp-details";
import { hashGuestId, isGuestId } from "@/lib/server/core/actor/guest-id";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { linkOrderInvitations } from "./link-verified-email";

/**
 * Moves what a guest id holds (its cart, consultation bookings, questionnaires, prescription
 * requests, orders, subscriptions and subscription checkouts, the GP details given with a questionnaire; later capabilities add theirs here) to the user's account, and retires the guest id so it is never honoured again. Runs inside the
 * caller's transaction. Linking the same guest id to the same user twice is a no-op.
 * `quiet` (sign-in and registration) skips a bad or foreign guest id instead of failing.
 */
export async function linkGuest(tx: Tx, userId: string, guestId: string, options: { quiet?: boolean } = {}): Promise<number> {
  if (!isGuestId(guestId)) {
    if (options.quiet) return 0;
    throw new AppError("validation_failed", "This guest id is not valid.", { guest_id: ["This guest id is not valid."] });
  }
  const guestKeyHash = hashGuestId(guestId);
  const [link] = await tx.$queryRaw<{ user_id: string }[]>`
    INSERT INTO guest_links (guest_key_hash, user_id) VALUES (${guestKeyHash}, ${userId}::uuid)
    ON CONFLICT (guest_key_hash) DO UPDATE SET guest_key_hash = EXCLUDED.guest_key_hash
    RETURNING user_id::text`;
  if (link?.user_id !== userId) {
    if (options.quiet) return 0;
    throw new AppError("conflict", "This guest session already belongs to another account.");
  }
  const moved = [
    await moveGuestCart(tx, userId, guestKeyHash),
    (await tx.consultationBooking.updateMany({ where: { guestKeyHash }, data: { userId, guestKeyHash: null } })).count,
    // Before the questionnaires move: it finds the GP details by the guest's questionnaires.
    await copyAssessmentGpDetails(tx, userId, guestKeyHash),
    (await tx.questionnaireResponse.updateMany({ where: { guestKeyHash }, data: { userId, guestKeyHash: null } })).count,
    (await tx.prescriptionRequest.updateMany({ where: { guestKeyHash }, data: { userId, guestKeyHash: null } })).count,
    (await tx.order.updateMany({ where: { guestKeyHash }, data: { userId, guestKeyHash: null } })).count,
    (await tx.subscription.updateMany({ where: { guestKeyHash }, data: { userId, guestKeyHash: null } })).count,
    (await tx.checkIn.updateMany({ where: { guestKeyHash }, data: { userId, guestKeyHash: null } })).count,
    (await tx.subscriptionCheckout.updateMany({ where: { guestKeyHash }, data: { userId, guestKeyHash: null } })).count,
    // A pharmacist's invitation for an order the guest placed went by email; now it is the account's.
    await linkOrderInvitations(tx, userId),
  ];
  return moved.reduce((sum, count) => sum + count, 0);
}

/** Moves the guest's cart lines into the account's cart; returns how many lines there were. */
async function moveGuestCart(tx: Tx, userId: string, guestKeyHash: string): Promise<number> {
  const guestCart = await tx.cart.findUnique({ where: { guestKeyHash }, select: { id: true, _count: { select: { items: true } } } });
  if (!guestCart) return 0;
  const userCartId = await upsertCartId(tx, { userId });
  // Lines for the same product add up (capped); the guest's cart then disappears.
  await tx.$executeRaw`
    INSERT INTO cart_items (id, cart_id, product_id, plan_id, assessment_id, quantity, seen_unit_price_pence, updated_at)
    SELECT gen_random_uuid(), ${userCartId}::uuid, product_id, plan_id, assessment_id, quantity, seen_unit_price_pence, now()
    FROM cart_items WHERE cart_id = ${guestCart.id}::uuid
    ON CONFLICT (cart_id, product_id) DO UPDATE SET
      quantity = CASE WHEN cart_items.plan_id IS NULL AND EXCLUDED.plan_id IS NULL
        THEN LEAST(cart_items.quantity + EXCLUDED.quantity, ${MAX_QUANTITY}) ELSE EXCLUDED.quantity END,
      plan_id = EXCLUDED.plan_id,
      assessment_id = COALESCE(EXCLUDED.assessment_id, cart_items.assessment_id),
      seen_unit_price_pence = EXCLUDED.seen_unit_price_pence,
      updated_at = now()`;
  await tx.cart.delete({ where: { id: guestCart.id } });
  return guestCart._count.items;
}

/** linkGuest in its own transaction, for the link endpoint: how many records moved (0: nothing to move). */
export async function linkGuestToAccount(actor: AccountActor, guestId: string): Promise<number> {
  return db.$transaction((tx) => linkGuest(tx, actor.user.id, guestId));
}
