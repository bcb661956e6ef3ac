import "server-only";
import { env } from "@/lib/env";

/** The closing lines of every email we send: who we are and how to reach us. */
export function mailSignOff(): string {
  const { SITE_NAME, CONTACT_EMAIL, CONTACT_PHONE } = env();
  return `\n\nThe ${SITE_NAME} team\n${CONTACT_EMAIL} · ${CONTACT_PHONE}`;
}
