import "server-only";
import { env } from "@/lib/env";
import { verifiedOwnerOf } from "@/lib/server/core/actor/verified-owner";
import { db } from "@/lib/server/core/db/client";
import { DISCOUNT_PERCENT, newDiscountCode } from "@/lib/server/discounts/discount-code";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { NEWSLETTER_CONSENT_TEXT, type CreateSubscriberInput } from "@/lib/validation/newsletter";

/** The one answer to every accepted sign-up, new or known: it must not reveal who subscribed. */
export const SUBSCRIBED_MESSAGE = "Thanks for subscribing! Check your inbox: we have emailed your personal code for 10% off your first order.";

/**
 * Records a subscriber with the consent they gave (text and time, as UK GDPR/PECR expect)
 * and emails their personal first-order code (single use, non-prescription items only).
 * An email already subscribed gets the same answer and no second email, so the form cannot
 * be used to learn who subscribed or to send someone mail repeatedly. The unique email
 * column decides a repeat; throttled per client address and per email. The subscription
 * joins the account that has verified the address, if any (never an unverified one).
 */
export async function createSubscriber(input: CreateSubscriberInput, context: { source: string; address: string }): Promise<void> {
  await consumeRateLimit(rateLimits.newsletterPerAddress, context.address);
  await consumeRateLimit(rateLimits.newsletterPerEmail, input.email);
  await db.$transaction(async (tx) => {
    const [subscriber] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO newsletter_subscribers (id, email, consent_text, consented_at, source, user_id)
      VALUES (gen_random_uuid(), ${input.email}, ${NEWSLETTER_CONSENT_TEXT}, now(), ${context.source}, ${await verifiedOwnerOf(tx, input.email)}::uuid)
      ON CONFLICT (email) DO NOTHING RETURNING id::text`;
    if (!subscriber) return;
    const code = newDiscountCode("WELCOME");
    await tx.discountCode.create({ data: { code, kind: "NEWSLETTER", percentOff: DISCOUNT_PERCENT, subscriberId: subscriber.id } });
    await sendMail(welcomeMail(input.email, code), tx);
  });
}

function welcomeMail(to: string, code: string) {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Your ${DISCOUNT_PERCENT}% code for your first ${SITE_NAME} order`,
    text: `Hello,\n\nThank you for joining the ${SITE_NAME} newsletter. Your personal code is ${code}: it takes ${DISCOUNT_PERCENT}% off non-prescription items on your first order (UK rules do not allow discounts on prescription-only medicines), and works once.\n\nEnter it in your cart at ${SITE_URL}/cart.\n\nYou can unsubscribe at any time by replying to this email.\n\nThe ${SITE_NAME} team`,
  };
}
