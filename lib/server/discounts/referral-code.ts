import "server-only";
import { env } from "@/lib/env";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { DISCOUNT_PERCENT, newDiscountCode } from "./discount-code";

export type ReferralLink = { code: string; url: string };

/** The link a friend follows: /r/{code} keeps the code for their checkout (app/r/[code]/route.ts). */
function referralUrl(code: string): string {
  return `${env().SITE_URL.replace(/\/$/, "")}/r/${encodeURIComponent(code)}`;
}

/**
 * The account's personal referral code, made on first use. One per account (a unique
 * column), so two tabs asking at once both get the same code.
 */
export async function getOrCreateReferralCode(actor: AccountActor): Promise<ReferralLink> {
  const userId = actor.user.id;
  const existing = await db.discountCode.findUnique({ where: { referrerUserId: userId }, select: { code: true } });
  if (existing) return { code: existing.code, url: referralUrl(existing.code) };
  await db.discountCode.createMany({
    data: [{ code: newDiscountCode("FRIEND"), kind: "REFERRAL", percentOff: DISCOUNT_PERCENT, referrerUserId: userId }],
    skipDuplicates: true,
  });
  const row = await db.discountCode.findUniqueOrThrow({ where: { referrerUserId: userId }, select: { code: true } });
  return { code: row.code, url: referralUrl(row.code) };
}
