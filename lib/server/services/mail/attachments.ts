import "server-only";

/** A file attached to an email, rendered at delivery. */
type RenderedAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * A kind of document a domain attaches to its emails (a GP letter's PDF). The outbox keeps
 * only the kind and the domain's id for it; the delivery job renders the file from the
 * domain's own record, so no document bytes sit in the outbox, the job queue or the logs.
 * Domains register in lib/server/plugins.ts (mail never imports a domain).
 */
export type MailAttachmentKind = {
  kind: string;
  /** The file, or null when its record is gone (the email is then not sent). */
  render(ref: string): Promise<RenderedAttachment | null>;
  /** After SMTP accepted the email (e.g. the letter becomes SENT). Safe to call twice. */
  delivered?(ref: string): Promise<void>;
};

const kinds = new Map<string, MailAttachmentKind>();

export function registerMailAttachment(definition: MailAttachmentKind): void {
  kinds.set(definition.kind, definition);
}

export function mailAttachmentKind(kind: string): MailAttachmentKind {
  const found = kinds.get(kind);
  // A missing registration is a deployment error: fail the job (it is retried) rather than send without the file.
  if (!found) throw new Error(`No mail attachment kind "${kind}" is registered (lib/server/plugins.ts).`);
  return found;
}
