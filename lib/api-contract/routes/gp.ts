// PUT /api/gp: the account's GP practice and consent to share (lib/server/gp).
import { z } from "zod";
import { boundaryErrors, defineOperations } from "../operation";
import { saveGpDetailsSchema } from "@/lib/validation/gp";

/** GpDetailsView (lib/server/gp/types.ts): empty strings, not null, for the optional lines. Also the questionnaire's GP answer. */
export const gpDetailsSchema = z.strictObject({
  practiceName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  town: z.string(),
  postcode: z.string(),
  email: z.string(),
  consentToShare: z.boolean(),
  updatedAt: z.string().describe("An ISO 8601 date-time."),
});

export const gpOperations = defineOperations([
  {
    method: "put",
    path: "/api/gp",
    summary: "Save the account's GP practice and whether we may tell it what we supply",
    tags: ["GP"],
    access: "patient",
    request: { body: saveGpDetailsSchema },
    responses: {
      200: { description: "Saved; `message` says whether the practice will be told.", schema: z.strictObject({ message: z.string(), gp: gpDetailsSchema }) },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
    },
  },
]);
