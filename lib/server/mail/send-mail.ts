import "server-only";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";
import { db, type Tx } from "@/lib/server/db/client";

export type Mail = { to: string; subject: string; text: string };

let transport: nodemailer.Transporter | undefined;

/**
 * Sends an email. With SMTP_URL configured it goes out through SMTP (and nothing of it is
 * kept); without, it is stored in the outbox table, which the development-only page
 * /dev/outbox lists, so a reset link can be followed on a machine with no mail server.
 * Pass the caller's transaction so the outbox row commits (or not) with the work it reports.
 */
export async function sendMail(mail: Mail, client: Tx | typeof db = db): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    await client.outboxEmail.create({ data: { toAddress: mail.to, subject: mail.subject, text: mail.text } });
    return;
  }
  transport ??= nodemailer.createTransport(SMTP_URL);
  await transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
}
