import "server-only";
import { siteConfig } from "@/lib/config/site";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/rate-limit/rules";
import { NEWSLETTER_CONSENT_TEXT, type CreateSubscriberInput } from "@/lib/validation/newsletter";

export const ALREADY_SUBSCRIBED = "This email address is already subscribed to our newsletter.";

/**
 * Records a subscriber with the consent they gave (text and time, as UK GDPR/PECR expect).
 * The unique email column decides a repeat, so two simultaneous sign-ups cannot both win.
 * Throttled per client address and per email, so no one can fill the table.
 */
export async function createSubscriber(input: CreateSubscriberInput, context: { source: string; address: string }): Promise<{ code: string }> {
  await consumeRateLimit(rateLimits.newsletterPerAddress, context.address);
  await consumeRateLimit(rateLimits.newsletterPerEmail, input.email);
  const { source } = context;
  const inserted = await db.newsletterSubscriber.createMany({
    data: [{ email: input.email, consentText: NEWSLETTER_CONSENT_TEXT, consentedAt: new Date(), source }],
    skipDuplicates: true,
  });
  if (inserted.count === 0) throw new AppError("conflict", ALREADY_SUBSCRIBED, { email: [ALREADY_SUBSCRIBED] });
  return { code: siteConfig().newsletterCode };
}
