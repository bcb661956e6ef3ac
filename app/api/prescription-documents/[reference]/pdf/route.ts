// GET /api/prescription-documents/{reference}/pdf – the owner's issued prescription as a PDF download
import { apiRoute } from "@/lib/server/http/api-route";
import { getPrescriptionDocumentOrThrow } from "@/lib/server/prescription-documents/get-prescription-document";
import { renderPrescriptionPdf } from "@/lib/server/prescription-documents/render-prescription-pdf";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { prescriptionReferenceParamsSchema } from "@/lib/validation/rx";

export const GET = apiRoute({ actor: "account", params: prescriptionReferenceParamsSchema }, async ({ params, actor }) => {
  const document = await getPrescriptionDocumentOrThrow(actor, params.reference);
  const bytes = await renderPrescriptionPdf(document);
  // Private-file headers: attachment, nosniff, no-store, a sandboxing CSP.
  return imageResponse({ bytes, contentType: "application/pdf", filename: `prescription-${document.reference}.pdf`, disposition: "attachment" });
});
