import "server-only";
import { db } from "@/lib/server/db/client";
import type { CreateContactMessageInput } from "@/lib/validation/contact";

/** Stores a message for the team; staff read them in the staff area and Prisma Studio. */
export async function createContactMessage(input: CreateContactMessageInput): Promise<{ id: string }> {
  return db.contactMessage.create({ data: input, select: { id: true } });
}
