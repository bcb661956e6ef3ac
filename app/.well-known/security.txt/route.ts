// GET /.well-known/security.txt – how to report a vulnerability (RFC 9116), from configuration
import { env } from "@/lib/env";
import { millisecondsInDay } from "date-fns/constants";

export const dynamic = "force-dynamic";

const YEAR_MS = 365 * millisecondsInDay;

export function GET() {
  const { SITE_URL, CONTACT_EMAIL } = env();
  // Expires is required; a year ahead of now, so it never lapses while the site runs.
  const expires = new Date(Date.now() + YEAR_MS);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: mailto:${CONTACT_EMAIL}`,
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: en",
    `Canonical: ${SITE_URL}/.well-known/security.txt`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
