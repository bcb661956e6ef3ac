// The API contract's building block: one entry per method and path under app/api, naming the
// same zod schemas the route validates its input with (lib/validation) and a schema for every
// status it answers. The OpenAPI document (/api/openapi.json) is generated from these entries,
// and the integration suite checks every response it sees against that document.
import { z } from "zod";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** Who may call: the route's apiRoute `actor` option, or how else it is reached. */
export type Access = "public" | "guest" | "patient" | "staff" | "webhook";

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
    bodyContentType?: "application/json" | "multipart/form-data" | "application/x-www-form-urlencoded";
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
