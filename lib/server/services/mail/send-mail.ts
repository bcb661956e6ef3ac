import "server-only";
import { verifiedOwnerOf } from "@/lib/server/core/actor/verified-owner";
import { db, type Tx } from "@/lib/server/core/db/client";
import { enqueueJob } from "@/lib/server/services/jobs/enqueue-job";
import { deliverMailJob } from "./deliver-mail-job";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** A document rendered when the email is delivered (a registered kind and its record's id; lib/server/services/mail/attachments.ts). */
  attachment?: { kind: string; ref: string };
};

/**
 * Sends an email: writes it to the outbox table (the record of what we sent) and queues a
 * job that delivers it by SMTP when SMTP_URL is set (lib/server/services/mail/deliver-mail-job.ts).
 * Without SMTP the row stays in the outbox, which the development-only page /dev/outbox
 * lists, so a reset link can be followed on a machine with no mail server.
 * Pass the caller's transaction: the email is queued only if the work it reports commits,
 * and a crash after the commit still delivers it (the job survives in PostgreSQL).
 * The copy belongs to the account that has verified the address, if one has (its export and
 * deletion); otherwise it joins an account only when one verifies the address.
 */
export async function sendMail(mail: Mail, client: Tx | typeof db = db): Promise<void> {
  if (client === db) return db.$transaction((tx) => sendMail(mail, tx));
  const row = await client.outboxEmail.create({ data: { toAddress: mail.to, userId: await verifiedOwnerOf(client, mail.to), subject: mail.subject, text: mail.text, attachmentKind: mail.attachment?.kind ?? null, attachmentRef: mail.attachment?.ref ?? null }, select: { id: true } });
  await enqueueJob(deliverMailJob, { outboxEmailId: row.id }, { tx: client });
}
