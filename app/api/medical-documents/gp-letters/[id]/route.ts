// GET /api/medical-documents/gp-letters/{id} – the owner's letter to their GP as a PDF download
import { getOwnGpLetterOrThrow } from "@/lib/server/gp/get-gp-letter-document";
import { renderGpLetterPdf } from "@/lib/server/gp/render-gp-letter-pdf";
import { apiRoute } from "@/lib/server/http/api-route";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { gpLetterParamsSchema } from "@/lib/validation/gp";

export const GET = apiRoute({ actor: "account", params: gpLetterParamsSchema }, async ({ actor, params }) => {
  const letter = await getOwnGpLetterOrThrow(actor, params.id);
  // Private-file headers: attachment, nosniff, no-store, a sandboxing CSP.
  return imageResponse({ bytes: await renderGpLetterPdf(letter), contentType: "application/pdf", filename: `gp-letter-${letter.subjectReference}.pdf`, disposition: "attachment" });
});
