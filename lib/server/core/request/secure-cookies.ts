import "server-only";
import { env } from "@/lib/env";

/** Cookies are Secure (and may use the __Host-/__Secure- prefixes) when served over HTTPS. */
export function isSecureDeployment() {
  const { APP_ENV, SITE_URL } = env();
  return APP_ENV === "production" || SITE_URL.startsWith("https://");
}
