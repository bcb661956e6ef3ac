import { z } from "zod";

export const REPLY_MAX_LENGTH = 2000;
const REPLY_REQUIRED = "Please write your answer to the prescriber.";

/** POST /api/prescriptions/{id}/messages: the patient's answer (the photo travels beside it in the multipart form). */
export const replyToPrescriberSchema = z.object({
  body: z
    .string({ error: REPLY_REQUIRED })
    .trim()
    .min(1, REPLY_REQUIRED)
    .max(REPLY_MAX_LENGTH, `Your answer must be ${REPLY_MAX_LENGTH} characters or fewer.`),
});

export type ReplyToPrescriberInput = z.infer<typeof replyToPrescriberSchema>;

/** Route params of /api/prescriptions/{id}/…: an id that is not a uuid is a missing request. */
export const prescriptionRequestParamsSchema = z.object({ id: z.uuid({ error: "We could not find that prescription request." }) });

export const caseMessagePhotoParamsSchema = prescriptionRequestParamsSchema.extend({
  messageId: z.uuid({ error: "We could not find that photo." }),
});
