import "server-only";
import { verifiedOwnerOf } from "@/lib/server/core/actor/verified-owner";
import { db } from "@/lib/server/core/db/client";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import type { CreateContactMessageInput } from "@/lib/validation/contact";

/**
 * Stores a message for the team; staff read them in the staff area and Prisma Studio.
 * Throttled per client address and per sender email, so no one can fill the table. It joins
 * the account that has verified the sender's address, if any (never an unverified one).
 */
export async function createContactMessage(input: CreateContactMessageInput, context: { address: string }): Promise<{ id: string }> {
  await consumeRateLimit(rateLimits.contactPerAddress, context.address);
  await consumeRateLimit(rateLimits.contactPerEmail, input.email);
  return db.contactMessage.create({ data: { ...input, userId: await verifiedOwnerOf(db, input.email) }, select: { id: true } });
}
