import "server-only";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { linkGuest } from "@/lib/server/guest/link-guest";
import { consumeRateLimit, resetRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/rate-limit/rules";
import type { LogInInput } from "@/lib/validation/auth";
import { createSession } from "./create-session";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import type { PublicUser } from "./types";

export const INVALID_CREDENTIALS = "Invalid credentials";

/**
 * Signs a user in: throttled by client address and by account, the same "Invalid
 * credentials" (and the same time) for an unknown email and a wrong password, then a new
 * session and token, and the guest's cart moved to the account.
 */
export async function logIn(input: LogInInput, context: { address: string; guestId: string | null }) {
  await consumeRateLimit(rateLimits.loginPerAddress, context.address);
  await consumeRateLimit(rateLimits.loginPerAccount, input.email);
  const found = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true, name: true, email: true, passwordHash: true },
  });
  if (!(await verifyPassword(found?.passwordHash ?? null, input.password)) || !found) {
    throw new AppError("unauthorized", INVALID_CREDENTIALS);
  }
  await resetRateLimit(rateLimits.loginPerAccount, input.email);
  const upgradedHash = needsRehash(found.passwordHash) ? await hashPassword(input.password) : null;
  const session = await db.$transaction(async (tx) => {
    if (upgradedHash) await tx.user.update({ where: { id: found.id }, data: { passwordHash: upgradedHash } });
    if (context.guestId) await linkGuest(tx, found.id, context.guestId, { quiet: true });
    return createSession(found.id, tx);
  });
  const user: PublicUser = { id: found.id, name: found.name, email: found.email };
  return { ...session, user };
}
