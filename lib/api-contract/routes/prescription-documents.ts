// GET /api/prescription-documents/{reference}/pdf: the owner's issued prescription as a PDF.
import { prescriptionReferenceParamsSchema } from "@/lib/validation/rx";
import { boundaryErrors, defineOperations } from "../operation";

export const prescriptionDocumentsOperations = defineOperations([
  {
    method: "get",
    path: "/api/prescription-documents/{reference}/pdf",
    summary: "The owner's issued prescription as a PDF download",
    tags: ["Prescriptions"],
    access: "patient",
    request: { params: prescriptionReferenceParamsSchema },
    responses: {
      200: { description: "The PDF, as an attachment prescription-{reference}.pdf (private-file headers: nosniff, no-store, a sandboxing CSP).", contentType: "application/pdf" },
      // 404: someone else's prescription, a malformed reference and a missing one read the same.
      ...boundaryErrors({ params: true, signedIn: true }),
    },
  },
]);
