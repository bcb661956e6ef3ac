import { z } from "zod";
import { emailField, requiredText } from "./fields";

export const createContactMessageSchema = z.object({
  name: requiredText("name", 100),
  email: emailField,
  subject: requiredText("subject", 150),
  message: requiredText("message", 5000),
});

export type CreateContactMessageInput = z.infer<typeof createContactMessageSchema>;

export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you soon.";
