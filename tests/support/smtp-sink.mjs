// An SMTP server on 127.0.0.1 that keeps every message it is sent, parsed: the integration tests
// assert on headers, text parts and attachments instead of matching the raw message, and the
// bench's growth step (bench/growth.mjs) counts what the worker delivered with SMTP_URL set.
// Plain JavaScript, so the bench loads it as is.
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

/**
 * @typedef {{ filename: string, contentType: string, contentDisposition: string, size: number, content: Buffer }} ReceivedAttachment
 * One message the sink accepted: the SMTP envelope, and the message as mailparser reads it.
 * @typedef {{
 *   envelope: { from: string, to: string[] },
 *   from: string,
 *   to: string[],
 *   subject: string,
 *   headers: import("mailparser").Headers,
 *   text: string,
 *   html: string,
 *   attachments: ReceivedAttachment[],
 * }} ReceivedMail
 */

/** @param {import("mailparser").AddressObject | import("mailparser").AddressObject[] | undefined} field */
const addressesOf = (field) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address ?? ""));

/**
 * Starts the sink on a free loopback port, plain SMTP without TLS or authentication (as the
 * tests' SMTP_URL asks nodemailer for). `refuseNext(n)` answers the next n messages with a
 * temporary failure (451), as a busy server would; a refused message is not kept.
 * @returns {Promise<{ url: string, received: ReceivedMail[], refuseNext(count: number): void, close(): Promise<void> }>}
 */
export async function startSmtpSink() {
  /** @type {ReceivedMail[]} */
  const received = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    banner: "sink",
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (refusals > 0) {
            refusals -= 1;
            return callback(Object.assign(new Error("try again later"), { responseCode: 451 }));
          }
          received.push({
            envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
            from: addressesOf(parsed.from)[0] ?? "",
            to: addressesOf(parsed.to),
            subject: parsed.subject ?? "",
            headers: parsed.headers,
            text: parsed.text ?? "",
            html: parsed.html || "",
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? "",
              contentType: attachment.contentType,
              contentDisposition: attachment.contentDisposition ?? "",
              size: attachment.size,
              content: attachment.content,
            })),
          });
          callback();
        },
        (error) => callback(Object.assign(new Error(`unreadable message: ${error.message}`), { responseCode: 554 })),
      );
    },
  });
  server.on("error", () => {});
  await new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.server.address());
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusals = count;
    },
    async close() {
      for (const connection of server.connections) connection.close();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
