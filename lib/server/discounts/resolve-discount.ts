import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { customerKeyOf } from "./customer-key";
import { normalizeDiscountCode } from "./discount-code";

const CODE_NOT_VALID = "This discount code is not valid. Please check it and try again.";
export const CODE_USED = "This discount code has already been used.";
const FIRST_ORDER_ONLY = "Discount codes are for a first order only.";
const OWN_REFERRAL = "You cannot use your own referral code.";
const NOT_YOUR_CODE = "This discount code was sent to a different email address. Please check out with the email address you signed up to our newsletter with.";

export type ResolvedDiscount = { codeId: string; code: string; percentOff: number; redemptionKey: string };

const refuse = (message: string) => new AppError("validation_failed", message, { discount_code: [message] });

/** Orders that count as "an order" for the first-order rule: paid, whatever happened next. */
const PAID_STATUSES = ["AWAITING_PHARMACIST", "CONSULTATION_INVITED", "AWAITING_DISPATCH", "DISPATCHED", "DECLINED", "REFUNDED"] as const;

// email is null for a guest's quote, made before they have typed one: the code's owner and
// the first-order rule by mailbox are then checked at checkout, where the email is known.
type Customer = { userId: string | null; email: string | null };

/**
 * Checks a typed code for this customer and returns what it takes off, or refuses with a
 * message the patient can act on. Customers are compared by the mailbox their address
 * reaches (customerKeyOf: name+1@ and name+2@ are one customer). Both kinds are for a first
 * order only (no earlier paid order by this account or mailbox; checked again when the
 * payment arrives, paidOrdersBefore). A newsletter code is its subscriber's alone and single
 * use; a referral code is single use per friend (by mailbox) and never its owner's. Single
 * use is finally enforced by the redemption's unique key when the order is created
 * (holdDiscount), so two checkouts racing with one code cannot both have it.
 */
export async function resolveDiscount(tx: Tx, input: string | undefined, customer: Customer): Promise<ResolvedDiscount | null> {
  if (!input || input.trim() === "") return null;
  const code = await tx.discountCode.findUnique({
    where: { code: normalizeDiscountCode(input) },
    select: { id: true, code: true, kind: true, percentOff: true, referrerUserId: true, referrer: { select: { email: true } }, subscriber: { select: { email: true } } },
  });
  if (!code) throw refuse(CODE_NOT_VALID);
  const customerKey = customer.email === null ? null : customerKeyOf(customer.email);
  if (code.kind === "REFERRAL" && (code.referrerUserId === customer.userId || (code.referrer && customerKeyOf(code.referrer.email) === customerKey))) throw refuse(OWN_REFERRAL);
  if (code.kind === "NEWSLETTER" && customerKey !== null && (!code.subscriber || customerKeyOf(code.subscriber.email) !== customerKey)) throw refuse(NOT_YOUR_CODE);
  if ((await paidOrdersBefore(tx, customer, null)) > 0) throw refuse(FIRST_ORDER_ONLY);
  return { codeId: code.id, code: code.code, percentOff: code.percentOff, redemptionKey: redemptionKeyFor(code.kind, code.id, customer.email ?? "") };
}

/** Paid orders of this customer (account or mailbox), other than `except`. */
export async function paidOrdersBefore(tx: Tx, customer: Customer, except: string | null): Promise<number> {
  const who = [...(customer.email !== null ? [{ customerKey: customerKeyOf(customer.email) }] : []), ...(customer.userId ? [{ userId: customer.userId }] : [])];
  if (who.length === 0) return 0;
  return tx.order.count({
    where: {
      status: { in: [...PAID_STATUSES] },
      OR: who,
      ...(except ? { id: { not: except } } : {}),
    },
  });
}

/**
 * Orders of one customer are paid one at a time (a transaction-scoped advisory lock on the
 * mailbox), so the first-order re-check at payment sees an order paid a moment before.
 */
export async function lockCustomerPayments(tx: Tx, email: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`first-order:${customerKeyOf(email)}`}, 0))`;
}

/** The unique key that makes a code single use: per code for a newsletter code, per code and friend for a referral code. */
export function redemptionKeyFor(kind: "NEWSLETTER" | "REFERRAL", codeId: string, email: string): string {
  return kind === "NEWSLETTER" ? `newsletter:${codeId}` : `referral:${codeId}:${customerKeyOf(email)}`;
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

