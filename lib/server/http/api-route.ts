import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { AppError, type FieldErrors } from "@/lib/server/errors";
import { readJsonBody } from "./read-json-body";
import { assertSameOrigin } from "./same-origin";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteContext<B extends Schema, Q extends Schema> = {
  req: NextRequest;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Record<string, string>;
};

type Options<B extends Schema, Q extends Schema> = { body?: B; query?: Q; maxBodyBytes?: number };

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Wraps a route handler: refuses cross-site writes, parses the body and query with
 * zod, and turns anything thrown into the spec's error body ({ message, errors }).
 * An unexpected error is logged without request data and answered with a generic 500.
 */
export function apiRoute<B extends Schema = undefined, Q extends Schema = undefined>(
  options: Options<B, Q>,
  handler: (ctx: RouteContext<B, Q>) => Promise<Response>,
) {
  return async (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => {
    try {
      if (WRITE_METHODS.has(req.method)) assertSameOrigin(req);
      const raw = options.body ? await readJsonBody(req, options.maxBodyBytes) : undefined;
      const body = options.body ? validate(options.body, raw) : undefined;
      const query = options.query
        ? validate(options.query, Object.fromEntries(req.nextUrl.searchParams))
        : undefined;
      const params = (await segment?.params) ?? {};
      return await handler({ req, body, query, params } as RouteContext<B, Q>);
    } catch (error) {
      return errorResponse(error);
    }
  };
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
    return NextResponse.json(body, { status: error.status });
  }
  // Never log the request body: it may hold health data.
  console.error("Unhandled API error:", error instanceof Error ? error.stack : String(error));
  return NextResponse.json({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
}
