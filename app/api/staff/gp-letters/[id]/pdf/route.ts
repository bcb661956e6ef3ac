// GET /api/staff/gp-letters/{id}/pdf – a GP letter to print and post (staff; the view is audited)
import { getGpLetterForStaffOrThrow } from "@/lib/server/gp/get-gp-letter-document";
import { GP_LETTER_STAFF_ROLES } from "@/lib/server/gp/gp-letter-staff-roles";
import { renderGpLetterPdf } from "@/lib/server/gp/render-gp-letter-pdf";
import { apiRoute } from "@/lib/server/http/api-route";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { gpLetterParamsSchema } from "@/lib/validation/gp";

export const GET = apiRoute({ actor: { staff: GP_LETTER_STAFF_ROLES }, params: gpLetterParamsSchema }, async ({ actor, params }) => {
  const letter = await getGpLetterForStaffOrThrow(actor, params.id);
  return imageResponse({ bytes: await renderGpLetterPdf(letter), contentType: "application/pdf", filename: `gp-letter-${letter.subjectReference}.pdf`, disposition: "attachment" });
});
