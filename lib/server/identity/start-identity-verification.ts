import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { logger } from "@/lib/server/core/log/logger";
import { describeError, providerMessage, stripe } from "@/lib/server/services/payments/stripe-client";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";

const IDENTITY_RETURN_PATH = "/dashboard/identity?returned=1";

/**
 * The provider's page where the patient shows an identity document: the patient's open
 * session when there is one (its link is fresh on every read), else a new one. Signed-in
 * patients only: identity belongs to an account. Two clicks at once reach the same session
 * (the idempotency key is the attempt's number).
 */
export async function startIdentityVerification(actor: AccountActor): Promise<{ url: string }> {
  if (actor.kind !== "patient") throw new AppError("forbidden", "Only a patient's account can verify a patient's identity.");
  const userId = actor.user.id;
  await consumeRateLimit(rateLimits.identityStartPerAccount, userId);
  const open = await db.identityVerification.findFirst({ where: { userId, status: "REQUIRES_INPUT" }, orderBy: { createdAt: "desc" }, select: { providerSessionId: true } });
  if (open) {
    const session = await provider(() => stripe().identity.verificationSessions.retrieve(open.providerSessionId), userId);
    if (session.status === "requires_input" && session.url) return { url: session.url };
  }
  const attempt = await db.identityVerification.count({ where: { userId } });
  const session = await provider(
    () =>
      stripe().identity.verificationSessions.create(
        {
          type: "document",
          client_reference_id: userId,
          metadata: { user_id: userId },
          return_url: `${env().SITE_URL}${IDENTITY_RETURN_PATH}`,
          options: { document: { allowed_types: ["passport", "driving_license", "id_card"] } },
        },
        { idempotencyKey: `identity-verification-${userId}-${attempt}` },
      ),
    userId,
  );
  if (!session.url) throw new AppError("bad_gateway", "We could not start the identity check: the provider gave no page to open. Please try again.");
  // A concurrent start with the same attempt number got the same session: one row for it.
  await db.identityVerification.upsert({ where: { providerSessionId: session.id }, create: { userId, providerSessionId: session.id }, update: {} });
  return { url: session.url };
}

async function provider<T extends Stripe.Identity.VerificationSession>(call: () => Promise<T>, userId: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.error(`Identity verification for user ${userId} failed at the provider: ${describeError(error)}`);
    throw new AppError("bad_gateway", `We could not start the identity check: ${providerMessage(error)} Please try again.`);
  }
}
