// next-auth's own routes (app/api/auth/[...nextauth]): the credentials sign-in the browser's
// forms can use besides POST /api/login, sharing its session cookie. Only the routes this
// configuration serves (one credentials provider, the sign-in page at /login); their form
// posts carry next-auth's own CSRF token (GET /api/auth/csrf) instead of X-XSRF-TOKEN.
import { z } from "zod";
import { defineOperations, type Operation } from "../operation";

const FORM = "application/x-www-form-urlencoded" as const;

/** With json=true next-auth answers { url } instead of the redirect (a missing CSRF token: the sign-in page's URL with csrf=true). */
const redirectOrUrl = {
  200: { description: "`json=true` was posted: where to go next (the same URL the redirect would name).", schema: z.strictObject({ url: z.string() }) },
  302: { description: "Redirects to the callback URL, or to the sign-in page with an error (a wrong password, a missing CSRF token)." },
};

const sessionSchema = z
  .strictObject({
    user: z.strictObject({ name: z.string(), email: z.string() }).optional(),
    expires: z.string().optional(),
  })
  .meta({ id: "NextAuthSession" });

function nextAuth(operation: Omit<Operation, "tags" | "access">): Operation {
  return { ...operation, tags: ["next-auth"], access: "public" };
}

export const nextAuthOperations = defineOperations([
  nextAuth({
    method: "get",
    path: "/api/auth/session",
    summary: "The session of the session cookie: the user's name and email, or none ({}, or only `expires` when the session was revoked)",
    responses: { 200: { description: "The session.", schema: sessionSchema } },
  }),
  nextAuth({
    method: "post",
    path: "/api/auth/session",
    summary: "Re-read the session (next-auth's update call; needs its CSRF token)",
    request: { body: z.object({ csrfToken: z.string(), data: z.unknown().optional() }), bodyContentType: "application/json" },
    responses: {
      200: { description: "The session.", schema: sessionSchema },
      400: { description: "No valid next-auth CSRF token (next-auth answers the text \"[object Object]\").", contentType: "text/plain" },
    },
  }),
  nextAuth({
    method: "get",
    path: "/api/auth/csrf",
    summary: "next-auth's CSRF token for its form posts (also set as a cookie)",
    responses: { 200: { description: "The token.", schema: z.strictObject({ csrfToken: z.string() }) } },
  }),
  nextAuth({
    method: "get",
    path: "/api/auth/providers",
    summary: "The sign-in providers: credentials (email and password) only",
    responses: {
      200: {
        description: "The providers by id.",
        schema: z.strictObject({
          credentials: z.strictObject({ id: z.literal("credentials"), name: z.string(), type: z.literal("credentials"), signinUrl: z.string(), callbackUrl: z.string() }),
        }),
      },
    },
  }),
  nextAuth({
    method: "get",
    path: "/api/auth/signin",
    summary: "Sends the browser to the sign-in page (/login?callbackUrl=…)",
    responses: { 302: { description: "Redirects to /login." } },
  }),
  nextAuth({
    method: "post",
    path: "/api/auth/callback/credentials",
    summary: "Sign in with email and password as a form post (the same checks and throttling as POST /api/login; accounts with a second factor must use that)",
    request: {
      body: z.object({ csrfToken: z.string(), email: z.string(), password: z.string(), callbackUrl: z.string().optional(), json: z.literal("true").optional() }),
      bodyContentType: FORM,
    },
    responses: {
      ...redirectOrUrl,
      401: {
        description: "`json=true` and the sign-in was refused (wrong email or password, a locked account): `url` is the error page, naming the reason.",
        schema: z.strictObject({ url: z.string() }),
      },
    },
  }),
  nextAuth({
    method: "get",
    path: "/api/auth/signout",
    summary: "next-auth's sign-out confirmation page",
    responses: { 200: { description: "An HTML page with a sign-out button.", contentType: "text/html" } },
  }),
  nextAuth({
    method: "post",
    path: "/api/auth/signout",
    summary: "Sign out as a form post: revokes the session and clears its cookie",
    request: { body: z.object({ csrfToken: z.string(), callbackUrl: z.string().optional(), json: z.literal("true").optional() }), bodyContentType: FORM },
    responses: redirectOrUrl,
  }),
  nextAuth({
    method: "get",
    path: "/api/auth/error",
    summary: "next-auth's error page (sign-in errors redirect to the sign-in page)",
    responses: {
      200: { description: "An HTML page naming the error (a refused sign-in's reason among them).", contentType: "text/html" },
      302: { description: "One of next-auth's sign-in error codes: redirects to /api/auth/signin?error=…, which sends the browser to /login." },
      403: { description: "error=AccessDenied or Verification: the HTML page.", contentType: "text/html" },
      500: { description: "error=Configuration: the HTML page.", contentType: "text/html" },
    },
  }),
]);
