// Signing in and out, registering, and the emailed links (spec section 7: POST /register,
// POST /login, POST /logout, GET /user; the rest are the product decisions' additions).
import { z } from "zod";
import { logInSchema, registerUserSchema, requestPasswordResetSchema, resetPasswordSchema, unlockSignInSchema, verifyEmailSchema } from "@/lib/validation/auth";
import { secondFactorEnrolmentSchema, secondFactorLogInSchema } from "@/lib/validation/second-factor";
import { boundaryErrors, defineOperations, errorResponse, type ResponseSpec } from "../operation";

/** The signed-in user as GET /api/user and the sign-in answers send it. */
const authUserSchema = z.strictObject({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: "AuthUser" });

const messageSchema = z.strictObject({ message: z.string() });

/** The token for `Authorization: Bearer`, with the user (the session cookie is set as well). */
const signedInSchema = z.strictObject({ token: z.string(), user: authUserSchema }).meta({ id: "AuthSignedIn" });

/** Any route built with apiRoute: a bearer token that is not (or no longer) valid. */
const badBearer: Record<number, ResponseSpec> = { 401: errorResponse("The bearer token is not valid (expired or revoked): drop it.") };
const tooMany = (what: string): Record<number, ResponseSpec> => ({ 429: errorResponse(`Too many ${what} (Retry-After says when to try again).`) });

/** A write with a JSON body, open to anyone: what apiRoute answers for it. */
const openJsonWrite = { ...boundaryErrors({ write: true, jsonBody: true }), ...badBearer };

export const authOperations = defineOperations([
  {
    method: "post",
    path: "/api/login",
    summary: "Sign in: a token and the user, or (with a second factor) a challenge for POST /api/login/second-factor",
    tags: ["Auth"],
    access: "public",
    request: { body: logInSchema },
    responses: {
      200: {
        description: "Signed in (session and known-device cookies set), or the password was right and a second factor is needed (no session yet).",
        schema: z.union([
          signedInSchema,
          z.strictObject({ second_factor_required: z.literal(true), challenge: z.string(), enrolment_required: z.boolean() }),
        ]),
      },
      ...openJsonWrite,
      401: errorResponse("Invalid credentials (the same for an unknown email), or an invalid bearer token."),
      ...tooMany("sign-in attempts for this account, device or address; a locked account's owner is emailed an unlock link"),
    },
  },
  {
    method: "post",
    path: "/api/login/second-factor",
    summary: "The sign-in's second step: the challenge and an authenticator or recovery code for a token and the user",
    tags: ["Auth"],
    access: "public",
    request: { body: secondFactorLogInSchema },
    responses: {
      200: {
        description: "Signed in (session cookie set); `recovery_codes` (shown once) when this sign-in completed the authenticator's enrolment.",
        schema: z.strictObject({ token: z.string(), user: authUserSchema, recovery_codes: z.array(z.string()).optional() }),
      },
      ...openJsonWrite,
      401: errorResponse("The challenge has expired or is not valid: sign in again."),
      409: errorResponse("The authenticator was enrolled meanwhile."),
      422: errorResponse("Validation failed, or the code is wrong (`errors.code` or `errors.recovery_code`)."),
      ...tooMany("second-factor attempts for this account"),
    },
  },
  {
    method: "post",
    path: "/api/login/second-factor/enrolment",
    summary: "For an account that must have an authenticator and has none: a new secret to enrol during sign-in",
    tags: ["Auth"],
    access: "public",
    request: { body: secondFactorEnrolmentSchema },
    responses: {
      200: {
        description: "The secret, its otpauth:// URI, and the URI's QR code as one SVG path (`path` drawn in a `viewBoxSize` square).",
        schema: z.strictObject({ secret: z.string(), otpauth_uri: z.string(), qr: z.strictObject({ viewBoxSize: z.number().int(), path: z.string() }) }),
      },
      ...openJsonWrite,
      401: errorResponse("The challenge has expired or is not valid: sign in again."),
      409: errorResponse("An authenticator is already enrolled for this account."),
    },
  },
  {
    method: "post",
    path: "/api/logout",
    summary: "Sign out: revokes the token or session used, clears the session cookie",
    tags: ["Auth"],
    access: "patient",
    responses: {
      200: { description: "Signed out (and a fresh anonymous XSRF cookie).", schema: messageSchema },
      ...boundaryErrors({ write: true, signedIn: true }),
    },
  },
  {
    method: "post",
    path: "/api/register",
    summary: "Create an account; the same answer for a new and an already registered email (no token: sign in next)",
    tags: ["Auth"],
    access: "public",
    request: { body: registerUserSchema },
    responses: {
      201: { description: "Registered, or the email's owner was told by email that they already have an account.", schema: messageSchema },
      ...openJsonWrite,
      422: errorResponse("Validation failed (a weak or common password too): `errors` names each field."),
      ...tooMany("registrations from this address or for this email"),
    },
  },
  {
    method: "post",
    path: "/api/forgot-password",
    summary: "Email a password-reset link; the same answer whether or not the account exists",
    tags: ["Auth"],
    access: "public",
    request: { body: requestPasswordResetSchema },
    responses: {
      200: { description: "Sent if the account exists.", schema: messageSchema },
      ...openJsonWrite,
      ...tooMany("reset requests from this address or for this account"),
    },
  },
  {
    method: "post",
    path: "/api/reset-password",
    summary: "Set a new password from an emailed link; signs every session of the account out",
    tags: ["Auth"],
    access: "public",
    request: { body: resetPasswordSchema },
    responses: {
      200: { description: "Changed (the caller's session cookie is cleared too).", schema: messageSchema },
      ...openJsonWrite,
      422: errorResponse("Validation failed, a weak password, or the link has expired or was used (`errors.token`)."),
    },
  },
  {
    method: "post",
    path: "/api/verify-email",
    summary: "Use an emailed link: verify the account's address, or complete an email change",
    tags: ["Auth"],
    access: "public",
    request: { body: verifyEmailSchema },
    responses: {
      200: {
        description: "Which kind of link it was, and what happened.",
        schema: z.strictObject({ purpose: z.enum(["SIGN_UP", "CHANGE"]), message: z.string() }),
      },
      ...openJsonWrite,
      409: errorResponse("The new email address has been taken by another account meanwhile."),
      422: errorResponse("Validation failed, or the link has expired or was already used (`errors.token`)."),
      ...tooMany("emailed links used from this address"),
    },
  },
  {
    method: "post",
    path: "/api/unlock-sign-in",
    summary: "Use an emailed unlock link: clears the account's sign-in lock",
    tags: ["Auth"],
    access: "public",
    request: { body: unlockSignInSchema },
    responses: {
      200: { description: "Unlocked.", schema: messageSchema },
      ...openJsonWrite,
      422: errorResponse("Validation failed, or the link has expired or was already used (`errors.token`)."),
      ...tooMany("emailed links used from this address"),
    },
  },
  {
    method: "get",
    path: "/api/user",
    summary: "The signed-in user: the client's auth check and route guard",
    tags: ["Auth"],
    access: "patient",
    responses: {
      200: { description: "The user (not cached).", schema: authUserSchema },
      ...boundaryErrors({ signedIn: true }),
    },
  },
]);
