import { NextResponse, type NextRequest } from "next/server";
import { newNonce, nonceContentSecurityPolicy } from "@/lib/security/content-security-policy";

/**
 * Nonce-based Content-Security-Policy for every dynamically rendered page (the matcher below:
 * the routes the build marks ƒ; tests/integration/http/content-security-policy.test.ts checks
 * the list against the build). The nonce goes on the request's policy, where Next.js reads it
 * for its own scripts, and on the response. Authorization is never decided here: every page,
 * handler and action checks it on the server.
 */
export function proxy(request: NextRequest) {
  const policy = nonceContentSecurityPolicy(newNonce(), {
    dev: process.env.NODE_ENV !== "production",
    production: process.env.APP_ENV === "production",
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// A literal: Next.js reads the matcher from the source at build time.
export const config = {
  matcher: [
    "/:treatmentType/quiz",
    "/:treatmentType/results",
    "/cart",
    "/checkout/:path*",
    "/consultation/:path*",
    "/dashboard/:path*",
    "/dev/:path*",
    "/login",
    "/pharmacy",
    "/prescription/:path*",
    "/reset-password",
    "/rx/:path*",
    "/staff/:path*",
    "/subscriptions/:path*",
    "/unlock-sign-in",
    "/verify-email",
  ],
};
