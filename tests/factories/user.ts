import { POST as login } from "@/app/api/login/route";
import { hashPassword } from "@/lib/server/auth/password";
import { db } from "@/lib/server/db/client";
import { call } from "@/tests/support/request";
import { uniqueEmail } from "./guest";

export const TEST_PASSWORD = "correct horse battery staple";

/** A customer account with a known password. */
export async function createUser(overrides: { name?: string; email?: string; password?: string } = {}) {
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await db.user.create({
    data: { name: overrides.name ?? "Alex Morgan", email: overrides.email ?? uniqueEmail("user"), passwordHash: await hashPassword(password) },
    select: { id: true, name: true, email: true },
  });
  return { ...user, password };
}

/** Signs the user in through POST /api/login: the bearer token and the site's cookies. */
export async function signIn(user: { email: string; password: string }, options: { cookies?: Record<string, string> } = {}) {
  const res = await call(login, "/api/login", { json: { email: user.email, password: user.password }, cookies: options.cookies });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const sessionCookie = res.cookies["next-auth.session-token"];
  if (!sessionCookie) throw new Error("login set no session cookie");
  return { token: res.body.token as string, cookies: { "next-auth.session-token": sessionCookie }, response: res };
}
