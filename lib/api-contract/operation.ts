// The API contract's building block: one entry per method and path under app/api, naming the
// same zod schemas the route validates its input with (lib/validation) and a schema for every
// status it answers. The OpenAPI document (/api/openapi.json) is generated from these entries,
// and the integration suite checks every response it sees against that document.
import { z } from "zod";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** Who may call: the route's apiRoute `actor` option, or how else it is reached. */
type Access = "public" | "guest" | "patient" | "staff" | "webhook";

export type ResponseSpec = {
  description: string;
  /**
   * The body. JSON objects are z.strictObject (so a field the document does not name fails
   * the contract test); omit for an empty body (204, a redirect).
   */
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
};

type BodyContentType = "application/json" | "multipart/form-data" | "application/x-www-form-urlencoded";

export type Operation = {
  method: Method;
  /** OpenAPI path with {param} segments, e.g. /api/orders/{id} (route file app/api/orders/[id]/route.ts). */
  path: string;
  summary: string;
  /** The spec's section 7 names, or the domain, e.g. ["Cart"]. */
  tags: string[];
  access: Access;
  request?: {
    /** The very schemas the handler passes to apiRoute (same object: a test compares identity). */
    params?: z.ZodObject;
    query?: z.ZodObject;
    body?: z.ZodType;
    /** Defaults to application/json; multipart/form-data for uploads. */
    bodyContentType?: BodyContentType;
    /** A second form the same body may take, read by the handler itself (e.g. JSON beside a multipart form). */
    alternativeBody?: { contentType: BodyContentType; schema: z.ZodType };
  };
  /** Every status the route answers (including 401/403/404/409/422/429 from apiRoute and the handler). */
  responses: Record<number, ResponseSpec>;
};

/** The one error body of the API (spec section 8; AppError through apiRoute). */
export const errorBodySchema = z
  .strictObject({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: "Error" });

/** A response with the one error body. */
export function errorResponse(description: string): ResponseSpec {
  return { description, schema: errorBodySchema };
}

/** Keeps each domain's list typed without widening the literals. */
export function defineOperations(operations: Operation[]): Operation[] {
  return operations;
}

/**
 * The errors apiRoute itself can answer for a route, so every operation lists them the same
 * way; add the handler's own (404 for a missing record, 409, 429, 502 …) beside them.
 * - every route: 503 (database unreachable) and 500 (an unexpected failure, generic message);
 * - a write (POST/PUT/PATCH/DELETE): 403 (cross-site, or a cookie write without X-XSRF-TOKEN);
 * - a JSON body: 400 (empty or not JSON), 413 (too large), 415 (not application/json), 422 (schema);
 * - a query schema: 422; params schema: 404 (a malformed id reads as a missing record);
 * - every route: 401 for an invalid or expired bearer token (signed-in routes: also none sent);
 * - staff: 403 (another role).
 */
export function boundaryErrors(route: {
  write?: boolean;
  jsonBody?: boolean;
  query?: boolean;
  params?: boolean;
  signedIn?: boolean;
  staff?: boolean;
}): Record<number, ResponseSpec> {
  const responses: Record<number, ResponseSpec> = {
    500: errorResponse("An unexpected failure (a generic message; details only in the server's log)."),
    503: errorResponse("The database is unreachable or too busy (Retry-After: 30)."),
  };
  if (route.write || route.staff) responses[403] = errorResponse(route.staff ? "Not this staff role, or a cross-site write / missing X-XSRF-TOKEN." : "A cross-site write, or a cookie write without a valid X-XSRF-TOKEN.");
  if (route.jsonBody) {
    responses[400] = errorResponse("The body is empty or not valid JSON.");
    responses[413] = errorResponse("The body is larger than the route's limit.");
    responses[415] = errorResponse("The body is not sent as application/json.");
  }
  if (route.jsonBody || route.query) responses[422] = errorResponse("Validation failed: `errors` names each field and its messages.");
  if (route.params) responses[404] = errorResponse("No such record for this caller (a malformed id reads the same).");
  // Any apiRoute route: a bearer token that is invalid or expired is refused even where
  // signing in is optional (resolveActor), so the client drops it.
  responses[401] = errorResponse(route.signedIn || route.staff ? "Not signed in, or the session or token has expired." : "The bearer token sent is invalid or has expired (signing in is optional here).");
  return responses;
}
