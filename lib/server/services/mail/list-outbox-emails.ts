import "server-only";
import { db } from "@/lib/server/core/db/client";

export type OutboxEmailView = { id: string; toAddress: string; subject: string; text: string; createdAt: Date };

/** The latest emails kept in the outbox (no SMTP configured), newest first. */
export async function listOutboxEmails(limit = 50): Promise<OutboxEmailView[]> {
  return db.outboxEmail.findMany({
    select: { id: true, toAddress: true, subject: true, text: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
}
