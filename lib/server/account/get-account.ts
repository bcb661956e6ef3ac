import "server-only";
import { db } from "@/lib/server/db/client";

/** The account settings the user can see and change. */
export async function getAccount(userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, name: true, email: true, remindersEnabled: true },
  });
  return { id: user.id, name: user.name, email: user.email, reminders_enabled: user.remindersEnabled };
}
