// The API contract's response check: every response the integration suite sees must be one
// the OpenAPI document describes for its operation. One checker lives per jest worker (in
// tests/support/api-contract-environment.mjs, outside each test file's module registry), so the
// document is compiled once and the counts cover all the worker's files.
import fs from "node:fs";
import path from "node:path";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// Both are CommonJS: loaded as ES modules their default is module.exports, which carries the
// export again as .default.
const Ajv2020 = /** @type {typeof Ajv2020Module & { default?: typeof Ajv2020Module }} */ (Ajv2020Module).default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;
const DOCUMENT_ID = "openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * The parts of the OpenAPI document (the app's own, scripts/openapi.ts) read here.
 * @typedef {{ operationId?: string, responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }} Operation
 * @typedef {Partial<Record<string, Operation>>} PathItem operations by lower-case method
 * @typedef {{ paths?: Record<string, PathItem> }} OpenApiDocument
 */

/**
 * @typedef {object} ContractReport
 * @property {number} validated
 * @property {Record<string, Record<string, number>>} seen "GET /api/plans" → { "200": count }
 * @property {Record<string, number>} unmatched "GET /api/x/{id}" → count: responses on a route no operation describes (the coverage test's business)
 * @property {string[]} operations every operation the document describes, "GET /api/plans"
 */

/**
 * @typedef {object} ContractCheck
 * @property {() => boolean} hasDocument Whether the document has been handed over yet (request.ts generates it once per worker).
 * @property {(document: unknown) => void} setDocument
 * @property {(response: { method: string, pathname: string, status: number, contentType: string | null, body: unknown }) => string | null} check
 *   Checks one response against the document: null when it conforms (or no operation describes its path), else what is wrong, for the test to fail with.
 * @property {() => ContractReport} report What was checked so far, as test-results/contract-<pid>.json holds it.
 */

/**
 * @param {{ rootDir: string }} options the project's root (its app/ folder names unmatched paths)
 * @returns {ContractCheck}
 */
export function createContractCheck({ rootDir }) {
  const state = {
    /** @type {OpenApiDocument | null} */
    document: null,
    /** @type {InstanceType<typeof Ajv2020Module> | null} */
    ajv: null,
    /** @type {{ template: string, segments: string[], methods: PathItem }[]} most literal segments first. */
    paths: [],
    /** @type {Map<string, import("ajv").ValidateFunction>} */
    validators: new Map(),
    /** @type {ContractReport["seen"]} */
    seen: {},
    /** @type {ContractReport["unmatched"]} */
    unmatched: {},
    validated: 0,
    /** @type {string[] | null} */
    routeTemplates: null,
  };

  /**
   * @param {string} template
   * @param {string} method
   * @param {string} status
   * @param {string} type
   */
  function validatorFor(template, method, status, type) {
    const key = `${method} ${template} ${status} ${type}`;
    let validate = state.validators.get(key);
    if (!validate) {
      if (!state.ajv) throw new Error("api-contract-check: no document yet (setDocument).");
      const pointer = ["paths", template, method, "responses", status, "content", type, "schema"].map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
      validate = state.ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      state.validators.set(key, validate);
    }
    return validate;
  }

  /**
   * A path no operation describes, named by its route folder so that one route counts once.
   * @param {string} pathname
   */
  function routeTemplate(pathname) {
    state.routeTemplates ??= listRouteTemplates(path.join(rootDir, "app"), "");
    const concrete = pathname.split("/");
    return state.routeTemplates.find((template) => matches(template.split("/"), concrete)) ?? pathname;
  }

  return {
    /** Whether the document has been handed over yet (request.ts generates it once per worker). */
    hasDocument: () => state.document !== null,
    setDocument(document) {
      // The app's generated OpenAPI document: its shape is taken as given.
      const openApi = /** @type {OpenApiDocument} */ (document);
      state.document = openApi;
      const ajv = new Ajv2020({ allErrors: true, strict: false });
      state.ajv = ajv;
      addFormats(ajv);
      ajv.addSchema({ ...openApi, $id: DOCUMENT_ID });
      state.validators.clear();
      state.paths = Object.entries(openApi.paths ?? {})
        .map(([template, item]) => ({ template, segments: template.split("/"), methods: item }))
        .sort((a, b) => literalCount(b.segments) - literalCount(a.segments) || a.template.localeCompare(b.template));
    },
    check({ method, pathname, status, contentType, body }) {
      const lower = method.toLowerCase();
      const match = state.paths.find((each) => each.methods[lower] && matches(each.segments, pathname.split("/")));
      if (!match) {
        const key = `${method.toUpperCase()} ${routeTemplate(pathname)}`;
        state.unmatched[key] = (state.unmatched[key] ?? 0) + 1;
        return null;
      }
      const operation = /** @type {Operation} */ (match.methods[lower]); // found by it
      const key = `${method.toUpperCase()} ${match.template}`;
      const where = `${method.toUpperCase()} ${pathname} (operation ${operation.operationId})`;
      const counts = (state.seen[key] ??= {});
      counts[status] = (counts[status] ?? 0) + 1;
      const response = operation.responses?.[String(status)];
      if (!response) return `${where} answered ${status}, a status the document does not list (it lists ${Object.keys(operation.responses ?? {}).join(", ")}).`;
      const documented = Object.keys(response.content ?? {});
      const [mediaType = ""] = (contentType ?? "").split(";");
      const type = mediaType.trim().toLowerCase();
      if (documented.length === 0) {
        if (body !== null && body !== undefined && body !== "") return `${where} answered ${status} with a ${type || "untyped"} body; the document says this status has none.`;
        state.validated += 1;
        return null;
      }
      if (!documented.includes(type)) return `${where} answered ${status} as ${type || "no content type"}; the document says ${documented.join(" or ")}.`;
      if (response.content?.[type]?.schema) {
        const validate = validatorFor(match.template, lower, String(status), type);
        if (!validate(body)) return `${where} answered ${status} with a body the document does not allow:\n${formatErrors(validate.errors)}\nbody: ${excerpt(body)}`;
      }
      state.validated += 1;
      return null;
    },
    report() {
      const operations = Object.entries(state.document?.paths ?? {}).flatMap(([template, item]) => METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${template}`));
      return { validated: state.validated, seen: state.seen, unmatched: state.unmatched, operations };
    },
  };
}

/**
 * The app's route folders as templates (app/api/orders/[id]/route.ts → /api/orders/{id}), most literal first.
 * @param {string} folder
 * @param {string} prefix
 * @returns {string[]}
 */
function listRouteTemplates(folder, prefix) {
  /** @type {string[]} */
  const templates = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && /^route\.(ts|js)$/.test(entry.name)) templates.push(prefix || "/");
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    // Route groups "(shop)" add no segment; "[id]" and "[...rest]" become "{id}", "{rest}".
    const segment = entry.name.startsWith("(") ? "" : `/${entry.name.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}")}`;
    templates.push(...listRouteTemplates(path.join(folder, entry.name), prefix + segment));
  }
  return templates.sort((a, b) => literalCount(b.split("/")) - literalCount(a.split("/")));
}

/** @param {string[]} segments */
function literalCount(segments) {
  return segments.filter((segment) => !segment.startsWith("{")).length;
}

/**
 * @param {string[]} template
 * @param {string[]} concrete
 */
function matches(template, concrete) {
  if (template.length !== concrete.length) return false;
  return template.every((segment, i) => (segment.startsWith("{") ? concrete[i] !== "" : segment === concrete[i]));
}

/** @param {import("ajv").ErrorObject[] | null | undefined} errors */
function formatErrors(errors) {
  return (errors ?? [])
    .slice(0, 10)
    .map((error) => `  ${error.instancePath || "(body)"} ${error.message}${error.params?.additionalProperty ? `: "${error.params.additionalProperty}"` : ""}${error.params?.allowedValues ? ` ${JSON.stringify(error.params.allowedValues)}` : ""}`)
    .join("\n");
}

/** @param {unknown} body */
function excerpt(body) {
  const text = JSON.stringify(body);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}
