import { randomBytes } from "node:crypto";
import { POST as login } from "@/app/api/login/route";
import { POST as loginSecondFactor } from "@/app/api/login/second-factor/route";
import { hashPassword } from "@/lib/server/auth/password";
import { db } from "@/lib/server/core/db/client";
import { call } from "@/tests/support/request";
import { totpCode } from "@/tests/support/totp";
import { uniqueEmail } from "./guest";

export const TEST_PASSWORD = "correct horse battery staple";

/** A customer account with a known password, its address verified unless `emailVerified: false`. */
export async function createUser(overrides: { name?: string; email?: string; password?: string; emailVerified?: boolean } = {}) {
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await db.user.create({
    data: {
      name: overrides.name ?? "Alex Morgan",
      email: overrides.email ?? uniqueEmail("user"),
      passwordHash: await hashPassword(password),
      emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
    },
    select: { id: true, name: true, email: true },
  });
  return { ...user, password };
}

/**
 * Signs the user in through POST /api/login (and, for an account with a second factor such as
 * staff, POST /api/login/second-factor with a current code from `totpSecret`): the bearer
 * token and the site's cookies.
 */
export async function signIn(user: { email: string; password: string; totpSecret?: string | null }, options: { cookies?: Record<string, string> } = {}) {
  let res = await call(login, "/api/login", { json: { email: user.email, password: user.password }, cookies: options.cookies });
  if (res.status === 200 && res.body?.second_factor_required) {
    if (!user.totpSecret) throw new Error("login needs a second factor, and the test user has no totpSecret");
    const code = await totpCode(user.totpSecret);
    res = await call(loginSecondFactor, "/api/login/second-factor", { json: { challenge: res.body.challenge, code }, cookies: options.cookies });
  }
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const sessionCookie = res.cookies["next-auth.session-token"];
  if (!sessionCookie) throw new Error("login set no session cookie");
  return { token: res.body.token as string, cookies: { "next-auth.session-token": sessionCookie }, response: res };
}

/** The tokens of the links (verify-email, reset-password, …) emailed to `to` with a matching subject (any order). */
export async function emailedTokens(to: string, subject: RegExp): Promise<string[]> {
  const mails = await db.outboxEmail.findMany({ where: { toAddress: to }, select: { subject: true, text: true } });
  return mails
    .filter((mail) => subject.test(mail.subject))
    .map((mail) => mail.text.match(/\/[a-z-]+\?token=([A-Za-z0-9_-]+)/)?.[1])
    .filter((token): token is string => token !== undefined);
}

/** A name no other test patient has ("Alex Morgan-Qbxkd…"): distinct people for the identity check's duplicate rule. */
export function uniquePatientName(first = "Alex"): string {
  const letters = Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
  return `${first} Morgan-${letters[0]!.toUpperCase()}${letters.slice(1)}`;
}
