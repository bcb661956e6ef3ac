import "server-only";
import { siteConfig } from "@/lib/config/site";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { NEWSLETTER_CONSENT_TEXT, type CreateSubscriberInput } from "@/lib/validation/newsletter";

export const ALREADY_SUBSCRIBED = "This email address is already subscribed to our newsletter.";

/**
 * Records a subscriber with the consent they gave (text and time, as UK GDPR/PECR expect).
 * The unique email column decides a repeat, so two simultaneous sign-ups cannot both win.
 */
export async function createSubscriber(input: CreateSubscriberInput, source: string): Promise<{ code: string }> {
  const inserted = await db.newsletterSubscriber.createMany({
    data: [{ email: input.email, consentText: NEWSLETTER_CONSENT_TEXT, consentedAt: new Date(), source }],
    skipDuplicates: true,
  });
  if (inserted.count === 0) throw new AppError("conflict", ALREADY_SUBSCRIBED, { email: [ALREADY_SUBSCRIBED] });
  return { code: siteConfig().newsletterCode };
}
