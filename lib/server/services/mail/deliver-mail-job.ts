import "server-only";
import nodemailer from "nodemailer";
import { z } from "zod";
import { env } from "@/lib/env";
import { db } from "@/lib/server/core/db/client";
import { defineJob } from "@/lib/server/services/jobs/define-job";
import { mailAttachmentKind } from "./attachments";

// Kept after delivery instead of the body: emailed links (password reset, verification) are
// credentials, and the database should not hold a usable copy once the email has gone.
export const DELIVERED_BODY_PLACEHOLDER = "(delivered by SMTP; the body is not kept)";

let transport: nodemailer.Transporter | undefined;

function smtpTransport(url: string) {
  // Timeouts well inside the job's expiry, so a hung server fails the attempt (and it is
  // retried) rather than a second attempt starting while the first may still send.
  transport ??= nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return transport;
}

/**
 * Delivers one outbox row, with its attachment rendered now from the record it names (a GP
 * letter). Without SMTP_URL the row simply stays unsent in the outbox
 * (/dev/outbox lists it). A row already sent, or deleted with its account, is left alone.
 */
export const deliverMailJob = defineJob(
  "mail.deliver",
  z.object({ outboxEmailId: z.uuid() }),
  async ({ outboxEmailId }) => {
    const { SMTP_URL, MAIL_FROM } = env();
    if (!SMTP_URL) return { result: "kept in outbox (no SMTP_URL)" };
    const mail = await db.outboxEmail.findUnique({ where: { id: outboxEmailId }, select: { toAddress: true, subject: true, text: true, sentAt: true, attachmentKind: true, attachmentRef: true } });
    if (!mail) return { result: "gone (deleted before delivery)" };
    if (mail.sentAt) return { result: "already sent" };
    const kind = mail.attachmentKind && mail.attachmentRef ? mailAttachmentKind(mail.attachmentKind) : null;
    const attachment = kind ? await kind.render(mail.attachmentRef!) : null;
    if (kind && !attachment) return { result: "attachment gone (not sent)" };
    await smtpTransport(SMTP_URL).sendMail({ from: MAIL_FROM, to: mail.toAddress, subject: mail.subject, text: mail.text, attachments: attachment ? [attachment] : undefined });
    await db.outboxEmail.update({ where: { id: outboxEmailId }, data: { sentAt: new Date(), text: DELIVERED_BODY_PLACEHOLDER } });
    if (kind) await kind.delivered?.(mail.attachmentRef!);
    return { result: "sent" };
  },
  { retryLimit: 8, retryDelaySeconds: 15, retryBackoff: true, expireInSeconds: 5 * 60, concurrency: 2 },
);
