// The booking form's text fields. Their check before paying (with the server's zod schema)
// is check-booking-input.ts, loaded when first needed: zod is not in the page's first scripts.

export type BookingText = { client_name: string; client_email: string; hair_concerns: string };

const REQUIRED_TEXT = ["client_name", "client_email"] as const;
export type RequiredText = (typeof REQUIRED_TEXT)[number];
export const isRequiredText = (name: string): name is RequiredText => (REQUIRED_TEXT as readonly string[]).includes(name);

export function readBookingText(form: HTMLFormElement): BookingText {
  const data = new FormData(form);
  const value = (name: keyof BookingText) => String(data.get(name) ?? "");
  return { client_name: value("client_name"), client_email: value("client_email"), hair_concerns: value("hair_concerns") };
}

