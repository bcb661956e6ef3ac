import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextResponse } from "next/server";
import { isSecureDeployment } from "@/lib/server/core/request/secure-cookies";
import { authSecret } from "./session-token";

// "A browser that signed in to this account before" (ASVS 5.0 6.3.1): set at every
// successful login, it lets the account's owner through the failed-login lock that anyone
// can trigger by guessing at a known email. The value is `<device id>.<HMAC>`, the HMAC
// (AUTH_SECRET) binding the random id to the user id and the current password hash: it is
// worthless for another account, cannot be forged, and a password change or reset forgets
// every device. It is not a session and signs no one in: the password is still required.

const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

type CookieReader = { get(name: string): { value: string } | undefined };
type Account = { id: string; passwordHash: string };

/** __Host- binds the cookie to this exact origin; browsers accept it only over HTTPS. */
function deviceCookieName() {
  return isSecureDeployment() ? "__Host-known_device" : "known_device";
}

export function readDeviceCookie(store: CookieReader): string | null {
  return store.get(deviceCookieName())?.value ?? null;
}

/** The device id when `value` was issued to `account` (with its current password), else null. */
export function knownDeviceId(value: string | null | undefined, account: Account): string | null {
  if (!value || value.length > 200) return null;
  const [deviceId, signature, extra] = value.split(".");
  if (!deviceId || !signature || extra !== undefined || !DEVICE_ID_PATTERN.test(deviceId)) return null;
  return safeEqual(signature, sign(account, deviceId)) ? deviceId : null;
}

/** A cookie value for `account`: the same device id when the browser had one, else a new one. */
export function issueDeviceToken(account: Account, deviceId: string | null): string {
  const id = deviceId ?? randomBytes(16).toString("base64url");
  return `${id}.${sign(account, id)}`;
}

export function setDeviceCookie(response: NextResponse, token: string) {
  response.cookies.set(deviceCookieName(), token, {
    httpOnly: true,
    secure: isSecureDeployment(),
    sameSite: "strict",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  });
}

function sign(account: Account, deviceId: string) {
  return createHmac("sha256", authSecret()).update(`device|${account.id}|${account.passwordHash}|${deviceId}`).digest("base64url");
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
