// The API contract covers the whole API: every route file under app/api and each HTTP method it
// exports has exactly one Operation (lib/api-contract/routes), no Operation names a route that
// does not exist, and a route built with apiRoute is described with the very zod schemas it
// validates with (so the document cannot drift from what the route accepts); an upload's
// multipart form, which its handler reads, is documented on its own.
import fs from "node:fs";
import path from "node:path";
import { operations } from "@/lib/api-contract/routes";
import type { Operation } from "@/lib/api-contract/operation";
import { routeSchemasOf } from "@/lib/server/http/api-route";
import { plansQuerySchema } from "@/lib/validation/prescription";

const API_FOLDER = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type RouteFile = { file: string; path: string; catchAll: boolean };

/** app/api/orders/[id]/route.ts → /api/orders/{id}; a catch-all [...x] folder ends the path. */
function listRouteFiles(folder = API_FOLDER, segments: string[] = ["", "api"]): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    if (entry.isFile() && /^route\.(ts|tsx|js)$/.test(entry.name)) {
      const last = segments.at(-1) ?? "";
      found.push({ file: path.relative(process.cwd(), full), path: segments.join("/"), catchAll: last.startsWith("{...") });
    } else if (entry.isDirectory() && !entry.name.startsWith("_")) {
      const segment = entry.name.startsWith("(") ? null : entry.name.replace(/^\[(\.\.\.)?(.+)\]$/, (_, rest: string | undefined, name: string) => `{${rest ?? ""}${name}}`);
      found.push(...listRouteFiles(full, segment === null ? segments : [...segments, segment]));
    }
  }
  return found;
}

/** The operations a route file's method answers: its own path, or any path below a catch-all. */
function operationsOf(route: RouteFile, method: string): Operation[] {
  const prefix = route.path.replace(/\/\{\.\.\.[^}]+\}$/, "/");
  return operations.filter((operation) => operation.method === method.toLowerCase() && (route.catchAll ? operation.path.startsWith(prefix) : operation.path === route.path));
}

const routes = listRouteFiles();
const modules = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  for (const route of routes) modules.set(route.file, await import(path.join(process.cwd(), route.file)));
}, 120_000);

function exportedMethods(route: RouteFile): string[] {
  const exports = modules.get(route.file) ?? {};
  return METHODS.filter((method) => typeof exports[method] === "function");
}

describe("the API contract's coverage of app/api", () => {
  test("finds the route files (a broken walk would pass everything)", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ file: "app/api/cart/items/[id]/route.ts", path: "/api/cart/items/{id}", catchAll: false });
    expect(routes).toContainEqual({ file: "app/api/auth/[...nextauth]/route.ts", path: "/api/auth/{...nextauth}", catchAll: true });
    // apiRoute's schemas are readable (else the identity check below would compare nothing).
    expect(routeSchemasOf(modules.get("app/api/plans/route.ts")?.GET)?.query).toBe(plansQuerySchema);
    expect(routeSchemasOf(modules.get("app/api/health/route.ts")?.GET)).toBeNull();
  });

  test("every method a route file exports has exactly one operation (a catch-all: at least one)", () => {
    const undescribed: string[] = [];
    const doubled: string[] = [];
    for (const route of routes) {
      for (const method of exportedMethods(route)) {
        const found = operationsOf(route, method);
        if (found.length === 0) undescribed.push(`${method} ${route.path}  (${route.file})`);
        if (found.length > 1 && !route.catchAll) doubled.push(`${method} ${route.path}: ${found.length} operations`);
      }
    }
    if (undescribed.length || doubled.length) {
      throw new Error(
        [
          undescribed.length ? `${undescribed.length} route methods have no Operation in lib/api-contract/routes:\n  ${undescribed.join("\n  ")}` : "",
          doubled.length ? `Described more than once:\n  ${doubled.join("\n  ")}` : "",
        ].filter(Boolean).join("\n"),
      );
    }
  });

  test("every operation answers to a route file that exports its method", () => {
    const orphans = operations
      .filter((operation) => !routes.some((route) => exportedMethods(route).includes(operation.method.toUpperCase()) && operationsOf(route, operation.method).includes(operation)))
      .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`);
    expect(orphans).toEqual([]);
  });

  test("an apiRoute route's operation names the very schemas it validates with", () => {
    const mismatched: string[] = [];
    for (const route of routes) {
      for (const method of exportedMethods(route)) {
        const schemas = routeSchemasOf(modules.get(route.file)?.[method]);
        const [operation] = operationsOf(route, method);
        if (!schemas || !operation) continue;
        for (const part of ["body", "query", "params"] as const) {
          // apiRoute parses JSON bodies only: an upload's multipart form is read by its handler, so the
          // documented fields have no schema to compare, and the route must validate no JSON body.
          if (part === "body" && operation.request?.bodyContentType === "multipart/form-data") {
            if (schemas.body) mismatched.push(`${method} ${route.path}: request.body is documented as a multipart form, but the route validates a JSON body`);
            continue;
          }
          if (operation.request?.[part] !== schemas[part]) {
            mismatched.push(`${method} ${route.path}: request.${part} ${schemas[part] ? "is not the schema the route passes to apiRoute" : "is given, but the route validates no " + part}`);
          }
        }
      }
    }
    expect(mismatched).toEqual([]);
  });
});
