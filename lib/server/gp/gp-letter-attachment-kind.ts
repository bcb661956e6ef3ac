import "server-only";

/** The outbox's attachment kind for a GP letter's PDF (registered in lib/server/plugins.ts). */
export const GP_LETTER_ATTACHMENT = "gp_letter_pdf";
