// next-auth's catch-all (app/api/auth/[...nextauth]) answers as lib/api-contract/routes/next-auth.ts
// describes it: every call below goes through call(), whose response check holds each answer
// to the document.
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { call } from "@/tests/support/request";

// next-auth reads the request's cookies and headers through next/headers, which needs Next's
// request scope: here they are the ones the test sends.
let scope = { cookies: {} as Record<string, string>, headers: new Headers() };
jest.mock("next/headers", () => ({
  cookies: async () => ({ getAll: () => Object.entries(scope.cookies).map(([name, value]) => ({ name, value: decodeURIComponent(value) })) }),
  headers: async () => scope.headers,
}));

type Handler = Parameters<typeof call>[0];
type Options = Omit<NonNullable<Parameters<typeof call>[2]>, "params">;
const routeCall = (handler: unknown) => (path: string, options: Options & { params: { nextauth: string[] } }) => {
  scope = { cookies: options.cookies ?? {}, headers: new Headers(options.headers) };
  // A catch-all's params are arrays, which call()'s type (one string each) does not cover.
  return call(handler as Handler, path, { ...options, params: options.params as unknown as Record<string, string> });
};
const get = routeCall(GET);
const post = routeCall(POST);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function csrf() {
  const res = await get("/api/auth/csrf", { params: { nextauth: ["csrf"] } });
  const cookie = res.cookies["next-auth.csrf-token"];
  if (!cookie) throw new Error("GET /api/auth/csrf set no csrf cookie");
  return { token: res.body.csrfToken as string, cookies: { "next-auth.csrf-token": cookie } };
}

describe("next-auth's routes", () => {
  test("answer the session, CSRF token and providers as JSON, and send GET signin to /login", async () => {
    expect((await get("/api/auth/session", { params: { nextauth: ["session"] } })).body).toEqual({});
    expect((await csrf()).token).toMatch(/^[0-9a-f]{64}$/);
    const providers = await get("/api/auth/providers", { params: { nextauth: ["providers"] } });
    expect(Object.keys(providers.body)).toEqual(["credentials"]);
    const signin = await get("/api/auth/signin", { params: { nextauth: ["signin"] } });
    expect(signin.status).toBe(302);
    expect(signin.headers.get("location")).toMatch(/^\/login\?callbackUrl=/);
  });

  test("refuse a wrong password posted with json=true as 401 { url }, sign out with their CSRF token, refuse a post without it", async () => {
    const { token, cookies } = await csrf();
    const refused = await post("/api/auth/callback/credentials", {
      method: "POST",
      body: form({ csrfToken: token, email: "nobody-next-auth@example.com", password: "not the password", json: "true" }),
      headers: FORM,
      cookies,
      xsrf: false,
      params: { nextauth: ["callback", "credentials"] },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.url).toMatch(/\/api\/auth\/error\?error=/);
    const signedOut = await post("/api/auth/signout", { method: "POST", body: form({ csrfToken: token, json: "true" }), headers: FORM, cookies, xsrf: false, params: { nextauth: ["signout"] } });
    expect(signedOut.status).toBe(200);
    expect(typeof signedOut.body.url).toBe("string");
    const noToken = await post("/api/auth/session", { method: "POST", json: {}, xsrf: false, params: { nextauth: ["session"] } });
    expect(noToken.status).toBe(400);
  });

  test("show their sign-out and error pages as HTML", async () => {
    const signout = await get("/api/auth/signout", { params: { nextauth: ["signout"] } });
    expect(signout.status).toBe(200);
    expect(signout.headers.get("content-type")).toMatch(/^text\/html/);
    const error = await get("/api/auth/error?error=Configuration", { params: { nextauth: ["error"] } });
    expect(error.status).toBe(500);
  });
});
