import "server-only";
import { db } from "@/lib/server/core/db/client";
import type { MailAttachmentKind } from "@/lib/server/services/mail/attachments";
import { getGpLetterDocument } from "./get-gp-letter-document";
import { GP_LETTER_ATTACHMENT } from "./gp-letter-attachment-kind";
import { renderGpLetterPdf } from "./render-gp-letter-pdf";

/** The GP letter's PDF, rendered by the mail job when it emails the practice; SENT once delivered. */
export const gpLetterAttachment: MailAttachmentKind = {
  kind: GP_LETTER_ATTACHMENT,
  async render(id) {
    const letter = await getGpLetterDocument(id);
    if (!letter) return null;
    return { filename: `gp-letter-${letter.subjectReference}.pdf`, contentType: "application/pdf", content: await renderGpLetterPdf(letter) };
  },
  async delivered(id) {
    await db.gpLetter.updateMany({ where: { id, status: "QUEUED_EMAIL" }, data: { status: "SENT", sentAt: new Date() } });
  },
};
