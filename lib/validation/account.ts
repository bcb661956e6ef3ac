import { z } from "zod";
import { newPasswordField, PASSWORDS_DO_NOT_MATCH } from "./auth";
import { emailField, requiredText } from "./fields";

export const updateAccountSchema = z.object({ name: requiredText("name", 100) });

const currentPasswordField = z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(1024);

export const changePasswordSchema = z
  .object({
    current_password: currentPasswordField,
    password: newPasswordField,
    password_confirmation: z.string({ error: "Confirm your new password." }),
  })
  .refine((input) => input.password === input.password_confirmation, { path: ["password_confirmation"], message: PASSWORDS_DO_NOT_MATCH });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const setRemindersSchema = z.object({ enabled: z.boolean({ error: "Choose whether to receive reminders." }) });

export const deleteAccountSchema = z.object({
  password: z.string({ error: "Enter your password to confirm." }).min(1, "Enter your password to confirm.").max(1024),
});

export const requestEmailChangeSchema = z.object({ email: emailField, current_password: currentPasswordField });

export type RequestEmailChangeInput = z.infer<typeof requestEmailChangeSchema>;

// "Send the link again" has no fields; the shared form hook still validates something.
export const resendEmailVerificationSchema = z.object({});
