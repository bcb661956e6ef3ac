import { z } from "zod";
import { emailField, requiredText } from "./fields";

// Shared by the forms (in the browser) and the route handlers. Password rules follow NIST
// SP 800-63B: 8 to 128 characters, no composition rules; the server also refuses the most
// common passwords (lib/server/auth/common-passwords.ts).

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match!";

export const newPasswordField = z
  .string({ error: "Enter a password." })
  .min(PASSWORD_MIN, `Your password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Your password must be at most ${PASSWORD_MAX} characters.`);

// Sign-in checks presence only: a length rule here would tell a guesser about the policy
// and lock out anyone whose password predates it.
const currentPasswordField = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(1024, "Enter your password.");

const guestIdField = z.string().max(64).nullish();

export const registerUserSchema = z
  .object({
    name: requiredText("name", 100),
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: "Confirm your password." }),
    guest_id: guestIdField,
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORDS_DO_NOT_MATCH,
  });

export type RegisterUserInput = z.infer<typeof registerUserSchema>;

/**
 * For the forms: the spec's rule comes first and alone. Mismatched passwords are reported
 * ("Passwords do not match!", nothing sent) before any other rule is looked at.
 */
function passwordsMatchFirst<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .superRefine((input, ctx) => {
      const fields = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
      if (fields.password !== fields.password_confirmation) {
        ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: PASSWORDS_DO_NOT_MATCH });
      }
    })
    .pipe(schema);
}

export const registerFormSchema = passwordsMatchFirst(registerUserSchema);

export const logInSchema = z.object({ email: emailField, password: currentPasswordField });

export type LogInInput = z.infer<typeof logInSchema>;

export const linkGuestSchema = z.object({ guest_id: guestIdField });

export const requestPasswordResetSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is not valid." }).min(20, "This reset link is not valid.").max(200, "This reset link is not valid."),
    password: newPasswordField,
    password_confirmation: z.string({ error: "Confirm your password." }),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORDS_DO_NOT_MATCH,
  });

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = passwordsMatchFirst(resetPasswordSchema);

// One message for every link that cannot be used (unknown, expired, used, replaced), so a
// link's state is never revealed beyond "it does not work".
export const EMAIL_LINK_INVALID = "This link has expired or was already used. Please ask for a new one.";

export const verifyEmailSchema = z.object({
  token: z.string({ error: EMAIL_LINK_INVALID }).min(20, EMAIL_LINK_INVALID).max(200, EMAIL_LINK_INVALID),
});

export const UNLOCK_LINK_INVALID = "This unlock link has expired or was already used. Try to log in again to get a new one.";

export const unlockSignInSchema = z.object({
  token: z.string({ error: UNLOCK_LINK_INVALID }).min(20, UNLOCK_LINK_INVALID).max(200, UNLOCK_LINK_INVALID),
});
