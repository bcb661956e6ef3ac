import type { Headers } from "mailparser";

export type ReceivedAttachment = { filename: string; contentType: string; contentDisposition: string; size: number; content: Buffer };
/** One message the sink accepted: the SMTP envelope, and the message as mailparser reads it. */
export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
  headers: Headers;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
};
export function startSmtpSink(): Promise<{ url: string; received: ReceivedMail[]; refuseNext(count: number): void; close(): Promise<void> }>;
