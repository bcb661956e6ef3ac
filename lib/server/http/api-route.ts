import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { getCaller } from "@/lib/server/auth/get-caller";
import { clearSessionCookies } from "@/lib/server/auth/session-response";
import type { Caller } from "@/lib/server/auth/types";
import { isValidXsrf, XSRF_COOKIE, XSRF_HEADER } from "@/lib/server/auth/xsrf-token";
import { AppError, type FieldErrors } from "@/lib/server/errors";
import { readJsonBody } from "./read-json-body";
import { assertSameOrigin } from "./same-origin";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;
type Auth = "optional" | "required";
type CallerFor<A extends Auth> = A extends "required" ? Caller : Caller | null;

export type RouteContext<B extends Schema, Q extends Schema, A extends Auth = "optional"> = {
  req: NextRequest;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Record<string, string>;
  caller: CallerFor<A>;
};

type Options<B extends Schema, Q extends Schema, A extends Auth> = { body?: B; query?: Q; maxBodyBytes?: number; auth?: A };

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Wraps a route handler: resolves the caller (bearer token or session cookie), refuses
 * cross-site writes and cookie writes without a valid X-XSRF-TOKEN, parses the body and
 * query with zod, and turns anything thrown into the spec's error body ({ message, errors }).
 * An unexpected error is logged without request data and answered with a generic 500.
 */
export function apiRoute<B extends Schema = undefined, Q extends Schema = undefined, A extends Auth = "optional">(
  options: Options<B, Q, A>,
  handler: (ctx: RouteContext<B, Q, A>) => Promise<Response>,
) {
  return async (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => {
    let staleCookie = false;
    try {
      const isWrite = WRITE_METHODS.has(req.method);
      if (isWrite) assertSameOrigin(req);
      const found = await getCaller(req);
      if (found.kind === "bad-bearer") throw unauthenticated();
      staleCookie = found.kind === "anonymous" && found.staleCookie;
      const caller = found.kind === "signed-in" ? found.caller : null;
      if (isWrite && caller?.via !== "bearer") assertXsrf(req, caller?.sessionId ?? null);
      if (options.auth === "required" && !caller) throw unauthenticated();
      const raw = options.body ? await readJsonBody(req, options.maxBodyBytes) : undefined;
      const body = options.body ? validate(options.body, raw) : undefined;
      const query = options.query ? validate(options.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
      const params = (await segment?.params) ?? {};
      return await handler({ req, body, query, params, caller } as RouteContext<B, Q, A>);
    } catch (error) {
      const response = errorResponse(error);
      // Any 401 tells the client to drop its token; a dead session cookie is cleared too.
      if (response.status === 401 || staleCookie) clearSessionCookies(response);
      return response;
    }
  };
}

function assertXsrf(req: NextRequest, sessionId: string | null) {
  if (!isValidXsrf(req.cookies.get(XSRF_COOKIE)?.value, req.headers.get(XSRF_HEADER), sessionId)) {
    throw new AppError("forbidden", "Your session token has expired or is missing. Please refresh the page and try again.");
  }
}

function unauthenticated() {
  return new AppError("unauthorized", "Unauthenticated.", undefined, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
}

function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
  throw new AppError("validation_failed", first, errors);
}

function errorResponse(error: unknown): NextResponse {
  if (error instanceof AppError) {
    const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    return NextResponse.json(body, { status: error.status, headers: error.headers });
  }
  // Never log the request body: it may hold health data.
  console.error("Unhandled API error:", error instanceof Error ? error.stack : String(error));
  return NextResponse.json({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
}
