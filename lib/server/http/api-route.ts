import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { resolveActor, type ActorFor, type ActorMode } from "@/lib/server/auth/resolve-actor";
import { clearSessionCookies } from "@/lib/server/auth/session-response";
import { isValidXsrf, XSRF_COOKIE, XSRF_HEADER } from "@/lib/server/auth/xsrf-token";
import { readGuestId, setGuestCookie } from "@/lib/server/core/actor/guest-id";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/lib/server/core/db/database-unavailable";
import { AppError, type FieldErrors } from "@/lib/server/core/errors/app-error";
import { logger } from "@/lib/server/core/log/logger";
import { readJsonBody } from "@/lib/server/core/request/read-json-body";
import { assertSameOrigin } from "@/lib/server/core/request/same-origin";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema, Fallback = undefined> = S extends z.ZodType ? z.infer<S> : Fallback;

export type RouteContext<B extends Schema, Q extends Schema, P extends Schema = undefined, M extends ActorMode = "optional"> = {
  req: NextRequest;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P, Record<string, string>>;
  actor: ActorFor<M>;
  /** The guest cookie's id when the route asked for it (`guestCookie: true`), else null. */
  cookieGuestId: string | null;
};

type Options<B extends Schema, Q extends Schema, P extends Schema, M extends ActorMode> = {
  body?: B;
  query?: Q;
  /** Route params; a value that fails it answers 404 with the schema's message (ids cannot be probed). */
  params?: P;
  maxBodyBytes?: number;
  /** Who may call: see ActorMode (default "optional": the signed-in account or null). */
  actor?: M;
  /** Routes that move a guest's belongings to an account (register, login, link) read the guest cookie's id. */
  guestCookie?: boolean;
  /**
   * A request with a session cookie whose session is gone (expired, signed out elsewhere)
   * answers 401 "sign in again" instead of going on as a guest: the questionnaire's writes,
   * whose signed-in page must send the patient to sign in rather than lose the answer.
   */
  expiredSession?: "unauthorized";
};

const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again to continue.";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Where a route keeps the schemas it was given (non-enumerable; read with routeSchemasOf). */
const ROUTE_SCHEMAS = Symbol.for("apiRoute.schemas");

/**
 * Wraps a route handler: resolves who is acting (bearer token, session cookie, guest cookie),
 * refuses cross-site writes and cookie writes without a valid X-XSRF-TOKEN, parses params,
 * query and body with zod, and turns anything thrown into the spec's error body
 * ({ message, errors }). A guest minted for the request gets its cookie only on success.
 * An unexpected error is logged without request data and answered with a generic 500.
 */
export function apiRoute<B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined, M extends ActorMode = "optional">(
  options: Options<B, Q, P, M>,
  handler: (ctx: RouteContext<B, Q, P, M>) => Promise<Response>,
) {
  const route = async (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => {
    let staleCookie = false;
    try {
      const isWrite = WRITE_METHODS.has(req.method);
      if (isWrite) assertSameOrigin(req);
      const resolved = await resolveActor(req, options.actor ?? "optional");
      staleCookie = resolved.staleCookie;
      if (staleCookie && options.expiredSession === "unauthorized") {
        throw new AppError("unauthorized", SESSION_EXPIRED_MESSAGE, undefined, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
      }
      const { actor, account } = resolved;
      if (isWrite && account?.via !== "bearer") assertXsrf(req, account?.sessionId ?? null);
      const params = options.params ? validate(options.params, (await segment?.params) ?? {}, "not_found") : ((await segment?.params) ?? {});
      const query = options.query ? validate(options.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
      const body = options.body ? validate(options.body, await readJsonBody(req, options.maxBodyBytes)) : undefined;
      const cookieGuestId = options.guestCookie ? await readGuestId(req.cookies) : null;
      const response = await handler({ req, body, query, params, actor, cookieGuestId } as RouteContext<B, Q, P, M>);
      if (actor?.kind === "guest" && actor.isNew && response.ok && response instanceof NextResponse) setGuestCookie(response, actor.guestId);
      return response;
    } catch (error) {
      const response = errorResponse(error);
      // Any 401 tells the client to drop its token; a dead session cookie is cleared too.
      if (response.status === 401 || staleCookie) clearSessionCookies(response);
      return response;
    }
  };
  Object.defineProperty(route, ROUTE_SCHEMAS, { value: { body: options.body, query: options.query, params: options.params, actor: options.actor ?? "optional" } satisfies RouteSchemas });
  return route;
}

/** What a route validates with, and who it lets call (the fuzz tests sign in as that caller). */
export type RouteSchemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType; actor: ActorMode };

/**
 * The schemas a route built with apiRoute validates with (null for any other handler): the API
 * contract's coverage test checks that the route's Operation names these very objects.
 */
export function routeSchemasOf(handler: unknown): RouteSchemas | null {
  if (typeof handler !== "function") return null;
  return (handler as unknown as Record<symbol, RouteSchemas | undefined>)[ROUTE_SCHEMAS] ?? null;
}

function assertXsrf(req: NextRequest, sessionId: string | null) {
  if (!isValidXsrf(req.cookies.get(XSRF_COOKIE)?.value, req.headers.get(XSRF_HEADER), sessionId)) {
    throw new AppError("forbidden", "Your session token has expired or is missing. Please refresh the page and try again.");
  }
}

const NUL_MESSAGE = "This contains a character we cannot store (a null character, U+0000). Remove it and try again.";

/** The first field (dotted path) whose text holds U+0000, which PostgreSQL's text cannot store, or null. */
function fieldWithNul(input: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof input === "string") return input.includes("\u0000") ? path.join(".") || "body" : null;
  if (depth > 32 || input === null || typeof input !== "object") return null;
  for (const [key, value] of Object.entries(input)) {
    if (key.includes("\u0000")) return [...path, key].join(".");
    const found = fieldWithNul(value, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function validate<S extends z.ZodType>(schema: S, input: unknown, code: "validation_failed" | "not_found" = "validation_failed"): z.infer<S> {
  // Refused here, naming the field, rather than failing the query with a 500 later.
  const nulField = fieldWithNul(input);
  if (nulField !== null) throw code === "not_found" ? new AppError("not_found", NUL_MESSAGE) : new AppError("validation_failed", NUL_MESSAGE, { [nulField]: [NUL_MESSAGE] });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
  throw code === "not_found" ? new AppError("not_found", first) : new AppError("validation_failed", first, errors);
}

function errorResponse(error: unknown): NextResponse {
  if (error instanceof AppError && error.code !== "internal") {
    const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    return NextResponse.json(body, { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    logger.error("API answered 503: the database is unreachable or too busy.");
    return NextResponse.json({ message: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": "30" } });
  }
  // Never the request body (health data) nor the error's message (a database error quotes the
  // values it was given): the error's kind and where it was thrown.
  logger.error({ error: errorKind(error), at: error instanceof Error ? error.stack?.split("\n").slice(1, 6).map((line) => line.trim()) : undefined }, "Unhandled API error");
  return NextResponse.json({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
}

function errorKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === "string" ? `${error.name} ${code}` : error.name;
}
