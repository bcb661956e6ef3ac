import fc from "fast-check";

// Bad input, generated from a route's own schema (the OpenAPI document's JSON Schema for its
// body, query and path parameters): the fields it names, each sometimes right, sometimes the
// wrong type, missing, huge, unusual unicode, a boundary number or an id of nothing; fields it
// does not name; and bodies that are not an object at all. What the route must do with any of
// it is the same: answer below 500, with a message when it refuses.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type SchemaResolver = (ref: string) => JsonSchema;

/** Values that have broken parsers, queries and renderers before. */
const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "1e309",
  "-1",
  "' OR '1'='1' --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00%2e%2e%2f",
  "\u202eevil\u202c",
  "🧑\u200d⚕️".repeat(40),
  "ﷺ".repeat(200),
  "\ud800",
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "2026-02-30",
  "31/12/1999",
  "9999-12-31T23:59:59Z",
  "a@b",
  "x".repeat(257),
];

const BOUNDARY_NUMBERS = [0, -0, 1, -1, 0.5, -0.5, 2 ** 31, -(2 ** 31), 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324, 999_999_999];

const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  // Past any field's limit, and now and then past the body's (a 413, also a 4xx).
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 40_000 }).map((length) => "ẍ".repeat(length)) },
);

const boundaryNumber = fc.oneof(fc.constantFrom(...BOUNDARY_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Wrong for almost any field: another type altogether. */
const wrongType = fc.oneof(anyJson, fc.constantFrom(null, true, [], {}, "", 0));

function resolve(schema: JsonSchema, resolveRef: SchemaResolver, depth = 0): JsonSchema {
  if (schema.$ref && depth < 10) return resolve(resolveRef(schema.$ref), resolveRef, depth + 1);
  return schema;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value near what the schema asks for: often right, often just wrong. */
function nearValue(schema: JsonSchema, resolveRef: SchemaResolver, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, resolveRef);
  if (depth > 3) return wrongType;
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((each) => nearValue(each, resolveRef, depth + 1)), wrongType);
  if (resolved.allOf?.[0]) return nearValue(resolved.allOf[0], resolveRef, depth + 1);
  if (resolved.enum?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...resolved.enum) }, { weight: 1, arbitrary: oddString }, { weight: 1, arbitrary: wrongType });
  if (resolved.const !== undefined) return fc.oneof(fc.constant(resolved.const), oddString, wrongType);
  const types = typesOf(resolved);
  const options: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    if (type === "string") options.push(stringNear(resolved));
    else if (type === "integer" || type === "number") options.push(numberNear(resolved, type === "integer"));
    else if (type === "boolean") options.push(fc.boolean());
    else if (type === "null") options.push(fc.constant(null));
    else if (type === "array") options.push(fc.array(nearValue(resolved.items ?? {}, resolveRef, depth + 1), { maxLength: 6 }), fc.array(fc.constant("x"), { minLength: 200, maxLength: 400 }));
    else if (type === "object") options.push(objectNear(resolved, resolveRef, depth + 1));
  }
  if (!options.length) return wrongType;
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...options) }, { weight: 1, arbitrary: wrongType });
}

function stringNear(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fitting: fc.Arbitrary<string>[] = [fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) })];
  if (schema.format === "uuid") fitting.push(fc.uuid());
  if (schema.format === "email") fitting.push(fc.emailAddress());
  if (schema.format === "date") fitting.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)));
  if (schema.format === "date-time") fitting.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
  return fc.oneof({ weight: 2, arbitrary: fc.oneof(...fitting) }, { weight: 2, arbitrary: oddString }, { weight: 1, arbitrary: boundaryNumber });
}

function numberNear(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -1000;
  const max = schema.maximum ?? 1000;
  const fitting = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
  const edges = fc.constantFrom(min - 1, min, max, max + 1, ...(integer ? [min + 0.5] : []));
  return fc.oneof(fitting, edges, boundaryNumber, fc.constantFrom("1", "1.0", "one"));
}

function objectNear(schema: JsonSchema, resolveRef: SchemaResolver, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  // Each named field: present with a value near its schema, or missing.
  const named = fc.tuple(...properties.map(([name, property]) => fc.option(nearValue(property, resolveRef, depth).map((value) => [name, value] as const), { nil: null, freq: 4 })));
  // Fields the schema does not name (a mass-assignment attempt, or noise).
  const extra = fc.dictionary(fc.oneof(fc.constantFrom("role", "id", "user_id", "price", "status", "__proto__", "constructor", "admin"), fc.string({ maxLength: 12 })), anyJson, { maxKeys: 3 });
  return fc.tuple(properties.length ? named : fc.constant([]), fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra })).map(([fields, more]) => {
    const value: Record<string, unknown> = {};
    for (const entry of fields) if (entry) value[entry[0]] = entry[1];
    for (const [key, each] of Object.entries(more)) Object.defineProperty(value, key, { value: each, enumerable: true, configurable: true, writable: true });
    return value;
  });
}

/** A whole JSON body: mostly an object near the schema, sometimes not an object at all. */
export function badBody(schema: JsonSchema, resolveRef: SchemaResolver): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: nearValue(schema, resolveRef) }, { weight: 1, arbitrary: wrongType }, { weight: 1, arbitrary: fc.constantFrom(null, [], "", 0, "{}") });
}

/** A query string's values (strings only, as a URL carries them). */
export function badQuery(parameters: { name: string; schema: JsonSchema }[], resolveRef: SchemaResolver): fc.Arbitrary<Record<string, string>> {
  const stringy = (schema: JsonSchema) => nearValue(schema, resolveRef).map((value) => (typeof value === "string" ? value : JSON.stringify(value) ?? ""));
  const named = fc.tuple(...parameters.map((parameter) => fc.option(stringy(parameter.schema).map((value) => [parameter.name, value] as const), { nil: null, freq: 3 })));
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), oddString, { maxKeys: 2 });
  return fc.tuple(parameters.length ? named : fc.constant([]), extra).map(([fields, more]) => {
    const query: Record<string, string> = { ...more };
    for (const entry of fields) if (entry) query[entry[0]] = entry[1];
    return query;
  });
}

/**
 * A path parameter: an id of nothing, or something that is not an id at all. Never "." or
 * "..": a URL resolves those before any route sees them (it would be another route's path).
 */
export const badPathSegment: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom("not-a-uuid", "0", "-1", "null", "00000000-0000-0000-0000-000000000000", "%2e%2e", "' OR 1=1 --", "x".repeat(300), "🧑\u200d⚕️") },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }) },
  )
  .filter((segment) => segment !== "." && segment !== "..");
