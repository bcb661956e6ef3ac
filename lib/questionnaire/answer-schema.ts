import { z } from "zod";

// The wire and storage shape of answers (types.ts: StepAnswer, Answers). It bounds sizes
// only; whether an answer fits its question is evaluateStep's job, with the spec's messages.

const MAX_RAW_TEXT = 10_000;

export const stepAnswerSchema = z.strictObject({
  choice: z.union([z.string().max(200), z.array(z.string().max(200)).max(50), z.null()]).default(null),
  text: z.string().max(MAX_RAW_TEXT, "Please keep your answer shorter.").default(""),
});

/** Stored answers: step numbers ("1".."n" as JSON keys) to answers. */
export const answersSchema = z.record(z.string().regex(/^[1-9]\d{0,2}$/), stepAnswerSchema);
