import fc from "fast-check";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api-contract/document";
import type { Operation } from "@/lib/api-contract/operation";
import { operations } from "@/lib/api-contract/routes";
import type { ActorMode } from "@/lib/server/auth/resolve-actor";
import { routeSchemasOf } from "@/lib/server/http/api-route";
import { createUser, signIn } from "@/tests/factories/user";
import { signedInStaff } from "@/tests/factories/staff";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { badBody, badPathSegment, badQuery, type JsonSchema, type SchemaResolver } from "./bad-input";

// The property every route must keep, whatever it is sent (issue 36, "Bad input, generated"):
// never a 5xx; a refusal is a 4xx with a message; and a refusal writes nothing (the row count
// of every table is unchanged). Responses also pass the contract check in call(), so a status
// or body the document does not describe fails here too. Each case is one request from the
// caller the route serves (signed-in patient, staff of the route's role, guest or nobody),
// with body, query and path parameters generated from the route's own schemas.

/** Cases per route: FUZZ_RUNS, or 100 (CI's floor). */
export const RUNS_PER_ROUTE = Math.max(1, Number.parseInt(process.env.FUZZ_RUNS ?? "", 10) || 100);

/**
 * Routes the generated requests do not reach: their input is not a schema to vary.
 * The webhook's body is Stripe's signed event (a wrong signature is its whole answer, tested in
 * tests/integration/payments and its chaos tests); /api/auth/* is next-auth's own catch-all
 * (tests/integration/auth/next-auth-routes.test.ts).
 */
function isFuzzed(operation: Operation): boolean {
  return !(operation.method === "post" && operation.path === "/api/webhooks/stripe") && !operation.path.startsWith("/api/auth/");
}

/**
 * Tables a refusal may write, and why. rate_limit_buckets: a refused request still spends
 * the caller's budget (that is what a limit is for).
 */
const WRITTEN_ON_REFUSAL = new Set(["rate_limit_buckets", "_prisma_migrations"]);

type Caller = { headers: Record<string, string>; cookies: Record<string, string> };

type Case = { path: string; params: Record<string, string>; query: Record<string, string>; body: { json: unknown } | null };

export type FuzzTotals = { routes: number; cases: number; refused: number; accepted: number; failedRoutes: number };

// The schemas only: the version is not read here.
const document = buildOpenApiDocument(operations, { version: "fuzz" });

const resolveRef: SchemaResolver = (ref) => {
  const name = ref.replace("#/components/schemas/", "");
  return (document.components?.schemas?.[name] ?? {}) as JsonSchema;
};

/** The operations of one group of callers, in document order, that the generated requests reach. */
export function fuzzedOperations(filter: (operation: Operation) => boolean): Operation[] {
  return operations.filter((operation) => isFuzzed(operation) && filter(operation));
}

/** app/api/orders/[id]/route.ts for /api/orders/{id}. */
function routeFile(operation: Operation): string {
  return path.join(process.cwd(), "app", operation.path.replace(/\{([^}]+)\}/g, "[$1]"), "route.ts");
}

function documented(operation: Operation) {
  const item = (document.paths?.[operation.path] as Record<string, unknown> | undefined)?.[operation.method] as
    | { parameters?: { name: string; in: string; schema: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    | undefined;
  const parameters = item?.parameters ?? [];
  const json = item?.requestBody?.content?.["application/json"]?.schema;
  return { query: parameters.filter((each) => each.in === "query"), path: parameters.filter((each) => each.in === "path"), jsonBody: json ?? null };
}

function caseArbitrary(operation: Operation): fc.Arbitrary<Case> {
  const shape = documented(operation);
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const params = fc.tuple(...pathNames.map(() => badPathSegment)).map((values) => Object.fromEntries(pathNames.map((name, i) => [name, values[i]])));
  const query = badQuery(shape.query, resolveRef);
  const writes = operation.method !== "get";
  const body = writes ? (shape.jsonBody ? badBody(shape.jsonBody, resolveRef) : fc.jsonValue({ maxDepth: 2 })).map((json) => ({ json })) : fc.constant(null);
  return fc.record({ params, query, body }).map(({ params: values, query: search, body: sent }) => {
    const concrete = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
    const queryString = new URLSearchParams(search).toString();
    return { path: queryString ? `${concrete}?${queryString}` : concrete, params: values, query: search, body: sent };
  });
}

/** A caller the route lets in, so the bad input reaches the route's own checks. */
async function callerFor(mode: ActorMode): Promise<Caller> {
  if (mode === "account" || mode === "optional" || mode === "guest") {
    const { token } = await signIn(await createUser());
    return { headers: { authorization: `Bearer ${token}` }, cookies: {} };
  }
  if (mode === "guest-or-new") return { headers: {}, cookies: {} };
  const role = mode.staff[0];
  if (!role) throw new Error("A staff route that admits no role.");
  const { token } = await signedInStaff(role);
  return { headers: { authorization: `Bearer ${token}` }, cookies: {} };
}

let tableNames: string[] | null = null;

/** Every table's row count in one statement. */
async function rowCounts(): Promise<Record<string, number>> {
  tableNames ??= (
    await db.$queryRaw<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`
  )
    .map((row) => row.name)
    .filter((name) => !WRITTEN_ON_REFUSAL.has(name));
  const columns = tableNames.map((name) => `(SELECT count(*) FROM "${name}")::int AS "${name}"`).join(", ");
  const [row] = await db.$queryRawUnsafe<Record<string, number>[]>(`SELECT ${columns}`);
  if (!row) throw new Error("The row counts query answered nothing.");
  return row;
}

function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((name) => after[name] !== before[name]).map((name) => `${name} ${before[name]} → ${after[name]}`);
}

/**
 * Sends RUNS_PER_ROUTE generated requests to the operation's route (and each refused one a
 * second time, as a client retrying would), failing on a 5xx, a refusal without a message, or
 * a refusal that wrote a row. Returns what it sent and how it was answered.
 */
export async function fuzzOperation(operation: Operation, totals: FuzzTotals): Promise<void> {
  const routeModule = (await import(routeFile(operation))) as Record<string, unknown>;
  const handler = routeModule[operation.method.toUpperCase()] as Parameters<typeof call>[0];
  const mode = routeSchemasOf(handler)?.actor ?? "optional";
  const caller = await callerFor(mode);
  let before = await rowCounts();
  totals.routes += 1;

  const send = (each: Case) =>
    call(handler, each.path, {
      method: operation.method.toUpperCase(),
      params: each.params,
      headers: caller.headers,
      cookies: caller.cookies,
      ...(each.body ? { json: each.body.json } : {}),
    });

  await assertCounted(
    totals,
    fc.asyncProperty(caseArbitrary(operation), async (each) => {
      // A fresh budget per case: the property is about input, and limits are tested on their own.
      await db.$executeRaw`DELETE FROM rate_limit_buckets`;
      const res = await send(each);
      totals.cases += 1;
      if (res.status >= 500) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      const after = await rowCounts();
      if (res.status >= 400) {
        totals.refused += 1;
        if (typeof res.body?.message !== "string" || !res.body.message.trim()) throw new Error(`${res.status} without a message: ${JSON.stringify(res.body)}`);
        const changed = changedTables(before, after);
        if (changed.length) throw new Error(`${res.status} "${res.body.message}" but rows were written: ${changed.join(", ")}`);
        // Replayed: the same refusal again, and still nothing written.
        const again = await send(each);
        if (again.status >= 500 || again.status < 400) throw new Error(`replayed, the refused request answered ${again.status}`);
        const afterReplay = await rowCounts();
        const replayChanged = changedTables(after, afterReplay);
        if (replayChanged.length) throw new Error(`replayed refusal wrote rows: ${replayChanged.join(", ")}`);
      } else {
        totals.accepted += 1;
      }
      before = after;
    }),
    { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
  );
}

async function assertCounted<T>(totals: FuzzTotals, property: fc.IAsyncProperty<T>, parameters: fc.Parameters<T>) {
  try {
    await fc.assert(property, parameters);
  } catch (error) {
    totals.failedRoutes += 1;
    throw error;
  }
}
