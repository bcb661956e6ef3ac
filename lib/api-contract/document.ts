// The OpenAPI 3.1 document of /api, generated from the operations list (routes/index.ts): the
// request schemas are the very zod schemas the routes validate with, the response schemas the
// ones each domain wrote beside them. Served at /api/openapi.json, committed as
// docs/api/openapi.json (`npm run openapi`), and read by the integration suite's response check.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { errorBodySchema, type Operation } from "./operation";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** The security schemes' names, as operations' `security` entries name them. */
const BEARER = "bearerToken";
const SESSION = "sessionCookie";
const XSRF = "xsrfHeader";
const STRIPE_SIGNATURE = "stripeSignature";

/** `post_api_cart_items`, `get_api_orders_id`: the method and the path's words. */
export function operationId(operation: Pick<Operation, "method" | "path">): string {
  const words = operation.path.replace(/[{}]/g, "").split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [operation.method, ...words].join("_").toLowerCase();
}

/**
 * Builds the document from the operations (lib/api-contract/routes) and the app's version
 * (package.json's; both given by the caller, as this folder imports neither). The same
 * operations always give the same JSON: paths, tags and keys are sorted.
 */
export function buildOpenApiDocument(operations: readonly Operation[], { version }: { version: string }): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", BEARER, {
    type: "http",
    scheme: "bearer",
    description: "The token POST /api/login (or /api/register) answers, sent as `Authorization: Bearer {token}`. Writes with a bearer token need no XSRF header.",
  });
  registry.registerComponent("securitySchemes", SESSION, {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The browser's session cookie (`__Secure-next-auth.session-token` over HTTPS). A write sent with it also needs the X-XSRF-TOKEN header.",
  });
  registry.registerComponent("securitySchemes", XSRF, {
    type: "apiKey",
    in: "header",
    name: "X-XSRF-TOKEN",
    description: "The value of the XSRF-TOKEN cookie (GET /sanctum/csrf-cookie issues one), required on every cookie-authenticated or guest write.",
  });
  registry.registerComponent("securitySchemes", STRIPE_SIGNATURE, {
    type: "apiKey",
    in: "header",
    name: "Stripe-Signature",
    description: "Stripe's signature of the raw body with the endpoint's signing secret (webhooks only).",
  });

  const sorted = [...operations].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const operation of sorted) registry.registerPath(toRouteConfig(operation));

  const tags = [...new Set(sorted.flatMap((operation) => operation.tags))].sort().map((name) => ({ name }));
  const document = new OpenApiGeneratorV31([...registry.definitions, errorBodySchema]).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Hairline Clinic API",
      version,
      description:
        "The API the clinic's web client calls (product spec, section 7). Every error answers `{ message, errors }` (section 8): `errors` names each invalid field and its messages.",
    },
    servers: [{ url: "/" }],
    tags,
  });
  // The top level in the usual reading order; below it, every object's keys sorted.
  // errorBodySchema is passed on its own too, so the Error component exists (its .meta id names it).
  const { openapi, info, servers, paths, components } = document;
  return { openapi, info, servers, tags, paths: sortKeys(paths), components: sortKeys(components) } as OpenApiDocument;
}

function toRouteConfig(operation: Operation): RouteConfig {
  const { request } = operation;
  const body = request?.body
    ? {
        body: {
          required: true,
          content: {
            [request.bodyContentType ?? "application/json"]: { schema: request.body },
            ...(request.alternativeBody ? { [request.alternativeBody.contentType]: { schema: request.alternativeBody.schema } } : {}),
          },
        },
      }
    : {};
  const responses: RouteConfig["responses"] = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const contentType = response.contentType ?? (response.schema ? "application/json" : undefined);
    responses[status] = {
      description: response.description,
      ...(contentType ? { content: { [contentType]: response.schema ? { schema: response.schema } : {} } } : {}),
    };
  }
  return {
    method: operation.method,
    path: operation.path,
    operationId: operationId(operation),
    summary: operation.summary,
    tags: operation.tags,
    security: security(operation),
    "x-access": operation.access,
    request: { ...(request?.params ? { params: request.params } : {}), ...(request?.query ? { query: request.query } : {}), ...body },
    responses,
  } as RouteConfig;
}

/**
 * Who may call, as OpenAPI security requirements: any one entry suffices, `{}` means anonymous.
 * A write with the session cookie (or none: a guest) also needs X-XSRF-TOKEN; a bearer write does not.
 */
type Requirement = Record<string, string[]>;

function security(operation: Operation): Requirement[] {
  const write = operation.method !== "get";
  const cookie: Requirement = write ? { [SESSION]: [], [XSRF]: [] } : { [SESSION]: [] };
  const signedIn: Requirement[] = [{ [BEARER]: [] }, cookie];
  switch (operation.access) {
    case "patient":
    case "staff":
      return signedIn;
    case "guest":
    case "public":
      return [...signedIn, write ? { [XSRF]: [] } : {}];
    case "webhook":
      return [{ [STRIPE_SIGNATURE]: [] }];
  }
}

/** Object keys in a stable order (paths, schemas, statuses), arrays as they are. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, each]) => each !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, each]) => [key, sortKeys(each)]),
    );
  }
  return value;
}

/** Where `npm run openapi` writes the document; a unit test fails when it is stale. */
export const OPENAPI_FILE = "docs/api/openapi.json";

/** The document as committed and served: two-space JSON and a final newline. */
export function openApiJson(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
