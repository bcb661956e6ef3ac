import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import type { NextResponse } from "next/server";
import { db } from "@/lib/server/core/db/client";
import { isSecureDeployment } from "@/lib/server/core/request/secure-cookies";
import type { GuestActor } from "./types";

// A guest is known by a random 256-bit id in an HttpOnly cookie. The database stores only
// its SHA-256 (guestKeyHash), so a leaked table cannot be replayed as cookies.

// Ours are 43 characters (256 random bits, base64url). The spec's browser client generates
// its own (a UUID, say): any URL-safe id of 16 to 64 characters is taken as well-formed.
const GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const MAX_AGE_SECONDS = 60 * 60 * 24 * 90;

type CookieReader = { get(name: string): { value: string } | undefined };

/** __Host- binds the cookie to this exact origin; browsers accept it only over HTTPS. */
function guestCookieName() {
  return isSecureDeployment() ? "__Host-guest_id" : "guest_id";
}

export function hashGuestId(guestId: string): string {
  return createHash("sha256").update(guestId).digest("hex");
}

/** True for a well-formed guest id (the API also accepts one in a request body). */
export function isGuestId(value: unknown): value is string {
  return typeof value === "string" && GUEST_ID_PATTERN.test(value);
}

/**
 * The caller's guest id, or null when there is none, it is malformed, or it was linked to
 * an account (a linked guest id is never honoured again).
 */
export async function readGuestId(store?: CookieReader): Promise<string | null> {
  return usableGuestId((store ?? (await cookies())).get(guestCookieName())?.value);
}

/**
 * A guest id an API client sent in a request body (the spec's clients generate their own),
 * if it is well-formed and was never linked to an account; otherwise null.
 */
async function usableGuestId(value: unknown): Promise<string | null> {
  if (!isGuestId(value)) return null;
  const linked = await db.guestLink.findUnique({ where: { guestKeyHash: hashGuestId(value) }, select: { userId: true } });
  return linked ? null : value;
}

/**
 * The guest an API client pays or writes as when it has no cookie: the id it sent in the body
 * (the spec's clients generate their own) if usable, else a new one. Either way the caller
 * sets the cookie on success (isNew).
 */
export async function guestFromClient(bodyGuestId: unknown): Promise<GuestActor> {
  return { kind: "guest", guestId: (await usableGuestId(bodyGuestId)) ?? newGuestId(), isNew: true };
}

export function newGuestId(): string {
  return randomBytes(32).toString("base64url");
}

export function clearGuestCookie(response: NextResponse) {
  response.cookies.delete(guestCookieName());
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
