import "server-only";
import type { db, Tx } from "@/lib/server/core/db/client";

/**
 * The account that has verified `email`, or null: the owner of what is written to that
 * address from now on (an email we send, a contact message, a newsletter sign-up). An
 * account that has not proved the address owns none of it (issue 22, finding 1); what was
 * written before it did joins it at verification (lib/server/guest/link-verified-email.ts).
 */
export async function verifiedOwnerOf(client: Tx | typeof db, email: string): Promise<string | null> {
  const user = await client.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, emailVerifiedAt: true } });
  return user?.emailVerifiedAt ? user.id : null;
}
