import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import type { NextResponse } from "next/server";
import { env } from "@/lib/env";

// A guest is known by a random 256-bit id in an HttpOnly cookie. The database stores only
// its SHA-256 (guestKeyHash), so a leaked table cannot be replayed as cookies.

const GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_SECONDS = 60 * 60 * 24 * 90;

type CookieReader = { get(name: string): { value: string } | undefined };

function isSecureDeployment() {
  const { APP_ENV, SITE_URL } = env();
  return APP_ENV === "production" || SITE_URL.startsWith("https://");
}

/** __Host- binds the cookie to this exact origin; browsers accept it only over HTTPS. */
export function guestCookieName() {
  return isSecureDeployment() ? "__Host-guest_id" : "guest_id";
}

export function hashGuestId(guestId: string): string {
  return createHash("sha256").update(guestId).digest("hex");
}

/** The caller's guest id, or null when there is none (or it is malformed). */
export async function readGuestId(store?: CookieReader): Promise<string | null> {
  const value = (store ?? (await cookies())).get(guestCookieName())?.value;
  return value && GUEST_ID_PATTERN.test(value) ? value : null;
}

/** The caller's guest id, or a new one that `setGuestCookie` must then send back. */
export async function resolveGuestId(store: CookieReader): Promise<{ guestId: string; isNew: boolean }> {
  const existing = await readGuestId(store);
  return existing ? { guestId: existing, isNew: false } : { guestId: randomBytes(32).toString("base64url"), isNew: true };
}

export function setGuestCookie(response: NextResponse, guestId: string) {
  response.cookies.set(guestCookieName(), guestId, {
    httpOnly: true,
    secure: isSecureDeployment(),
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  });
}
