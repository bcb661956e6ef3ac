import "server-only";
import type { Tx } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors/app-error";
import { normalizeDiscountCode } from "./discount-code";

export const CODE_NOT_VALID = "This discount code is not valid. Please check it and try again.";
export const CODE_USED = "This discount code has already been used.";
export const FIRST_ORDER_ONLY = "Discount codes are for a first order only.";
export const OWN_REFERRAL = "You cannot use your own referral code.";

export type ResolvedDiscount = { codeId: string; code: string; percentOff: number; redemptionKey: string };

const refuse = (message: string) => new AppError("validation_failed", message, { discount_code: [message] });

/** Orders that count as "an order" for the first-order rule: paid, whatever happened next. */
const PAID_STATUSES = ["AWAITING_PHARMACIST", "CONSULTATION_INVITED", "AWAITING_DISPATCH", "DISPATCHED", "DECLINED", "REFUNDED"] as const;

/**
 * Checks a typed code for this customer and returns what it takes off, or refuses with a
 * message the patient can act on. Both kinds are for a first order only (no earlier paid
 * order by this account or email). A newsletter code is single use; a referral code is
 * single use per friend (by email) and never its owner's. Single use is finally enforced by
 * the redemption's unique key when the order is created (holdDiscount), so two checkouts
 * racing with one code cannot both have it.
 */
export async function resolveDiscount(tx: Tx, input: string | undefined, customer: { userId: string | null; email: string }): Promise<ResolvedDiscount | null> {
  if (!input || input.trim() === "") return null;
  const code = await tx.discountCode.findUnique({
    where: { code: normalizeDiscountCode(input) },
    select: { id: true, code: true, kind: true, percentOff: true, referrerUserId: true, referrer: { select: { email: true } }, subscriber: { select: { unsubscribedAt: true } } },
  });
  if (!code) throw refuse(CODE_NOT_VALID);
  if (code.kind === "REFERRAL" && (code.referrerUserId === customer.userId || code.referrer?.email === customer.email)) throw refuse(OWN_REFERRAL);
  const earlier = await tx.order.count({
    where: { status: { in: [...PAID_STATUSES] }, OR: [{ email: customer.email }, ...(customer.userId ? [{ userId: customer.userId }] : [])] },
  });
  if (earlier > 0) throw refuse(FIRST_ORDER_ONLY);
  return { codeId: code.id, code: code.code, percentOff: code.percentOff, redemptionKey: redemptionKeyFor(code.kind, code.id, customer.email) };
}

/** The unique key that makes a code single use: per code for a newsletter code, per code and friend for a referral code. */
export function redemptionKeyFor(kind: "NEWSLETTER" | "REFERRAL", codeId: string, email: string): string {
  return kind === "NEWSLETTER" ? `newsletter:${codeId}` : `referral:${codeId}:${email}`;
}

/**
 * Holds the code for this order (inside the order's transaction). Returns false when it is
 * already held or used by another order: the unique key decides, not a prior read.
 */
export async function holdDiscount(tx: Tx, discount: ResolvedDiscount, orderId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO discount_redemptions (id, code_id, redemption_key, order_id)
    VALUES (gen_random_uuid(), ${discount.codeId}::uuid, ${discount.redemptionKey}, ${orderId}::uuid)
    ON CONFLICT (redemption_key) DO NOTHING RETURNING id::text`;
  return rows.length === 1;
}

/** Gives the code back when the order's checkout lapsed unpaid. */
export async function releaseDiscount(tx: Tx, orderId: string): Promise<void> {
  await tx.discountRedemption.deleteMany({ where: { orderId } });
}

