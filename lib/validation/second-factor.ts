import { z } from "zod";

// The second factor's forms and handlers: a 6-digit code from the authenticator app, or one
// of the one-time recovery codes.

const ENTER_CODE = "Enter the 6-digit code from your authenticator app.";

const totpCodeField = z
  .string({ error: ENTER_CODE })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, ENTER_CODE));

const recoveryCodeField = z
  .string()
  .trim()
  .max(40, "Enter a recovery code as it was shown, like abcd-efgh-jkmn-pqrs.")
  .regex(/^[A-Za-z0-9\s-]{16,40}$/, "Enter a recovery code as it was shown, like abcd-efgh-jkmn-pqrs.");

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A code or a recovery code (exactly one). */
const proofFields = {
  code: z.preprocess(blankToUndefined, totpCodeField.optional()),
  recovery_code: z.preprocess(blankToUndefined, recoveryCodeField.optional()),
};

function oneProof<T extends { code?: string; recovery_code?: string }>(input: T, ctx: z.RefinementCtx) {
  if (!input.code && !input.recovery_code) ctx.addIssue({ code: "custom", path: ["code"], message: ENTER_CODE });
}

export const secondFactorLogInSchema = z
  .object({ challenge: z.string({ error: "Sign in again." }).min(1, "Sign in again.").max(1000), ...proofFields })
  .superRefine(oneProof);
export type SecondFactorLogInInput = z.infer<typeof secondFactorLogInSchema>;

export const secondFactorEnrolmentSchema = z.object({ challenge: z.string({ error: "Sign in again." }).min(1, "Sign in again.").max(1000) });

export const enableTotpSchema = z.object({ code: totpCodeField });

export const disableTotpSchema = z
  .object({ password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(1024), ...proofFields })
  .superRefine(oneProof);
export type DisableTotpInput = z.infer<typeof disableTotpSchema>;
