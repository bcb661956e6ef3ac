// The API contract's response check: every response the integration suite sees must be one
// the OpenAPI document describes for its operation. One checker lives per jest worker (in
// tests/support/api-contract-environment.mjs, outside each test file's module registry), so the
// document is compiled once and the counts cover all the worker's files.
import fs from "node:fs";
import path from "node:path";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;
const DOCUMENT_ID = "openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"];

/** @param {{ rootDir: string }} options the project's root (its app/ folder names unmatched paths) */
export function createContractCheck({ rootDir }) {
  const state = {
    document: null,
    ajv: null,
    /** [{ template, segments, methods }], most literal segments first. */
    paths: [],
    validators: new Map(),
    /** "GET /api/plans" → { "200": count } */
    seen: {},
    /** "GET /api/x/{id}" → count: responses on a route no operation describes (the coverage test's business). */
    unmatched: {},
    validated: 0,
    routeTemplates: null,
  };

  function validatorFor(template, method, status, type) {
    const key = `${method} ${template} ${status} ${type}`;
    let validate = state.validators.get(key);
    if (!validate) {
      const pointer = ["paths", template, method, "responses", status, "content", type, "schema"].map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
      validate = state.ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      state.validators.set(key, validate);
    }
    return validate;
  }

  /** A path no operation describes, named by its route folder so that one route counts once. */
  function routeTemplate(pathname) {
    state.routeTemplates ??= listRouteTemplates(path.join(rootDir, "app"), "");
    const concrete = pathname.split("/");
    return state.routeTemplates.find((template) => matches(template.split("/"), concrete)) ?? pathname;
  }

  return {
    /** Whether the document has been handed over yet (request.ts generates it once per worker). */
    hasDocument: () => state.document !== null,
    setDocument(document) {
      state.document = document;
      state.ajv = new Ajv2020({ allErrors: true, strict: false });
      addFormats(state.ajv);
      state.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
      state.validators.clear();
      state.paths = Object.entries(document.paths ?? {})
        .map(([template, item]) => ({ template, segments: template.split("/"), methods: item }))
        .sort((a, b) => literalCount(b.segments) - literalCount(a.segments) || a.template.localeCompare(b.template));
    },
    /**
     * Checks one response against the document: null when it conforms (or no operation
     * describes its path), else what is wrong, for the test to fail with.
     */
    check({ method, pathname, status, contentType, body }) {
      const lower = method.toLowerCase();
      const match = state.paths.find((each) => each.methods[lower] && matches(each.segments, pathname.split("/")));
      if (!match) {
        const key = `${method.toUpperCase()} ${routeTemplate(pathname)}`;
        state.unmatched[key] = (state.unmatched[key] ?? 0) + 1;
        return null;
      }
      const operation = match.methods[lower];
      const key = `${method.toUpperCase()} ${match.template}`;
      const where = `${method.toUpperCase()} ${pathname} (operation ${operation.operationId})`;
      const counts = (state.seen[key] ??= {});
      counts[status] = (counts[status] ?? 0) + 1;
      const response = operation.responses?.[String(status)];
      if (!response) return `${where} answered ${status}, a status the document does not list (it lists ${Object.keys(operation.responses ?? {}).join(", ")}).`;
      const documented = Object.keys(response.content ?? {});
      const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
      if (documented.length === 0) {
        if (body !== null && body !== undefined && body !== "") return `${where} answered ${status} with a ${type || "untyped"} body; the document says this status has none.`;
        state.validated += 1;
        return null;
      }
      if (!documented.includes(type)) return `${where} answered ${status} as ${type || "no content type"}; the document says ${documented.join(" or ")}.`;
      if (response.content[type].schema) {
        const validate = validatorFor(match.template, lower, String(status), type);
        if (!validate(body)) return `${where} answered ${status} with a body the document does not allow:\n${formatErrors(validate.errors)}\nbody: ${excerpt(body)}`;
      }
      state.validated += 1;
      return null;
    },
    /** What was checked so far, as test-results/contract-<pid>.json holds it. */
    report() {
      const operations = Object.entries(state.document?.paths ?? {}).flatMap(([template, item]) => METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${template}`));
      return { validated: state.validated, seen: state.seen, unmatched: state.unmatched, operations };
    },
  };
}

/** The app's route folders as templates (app/api/orders/[id]/route.ts → /api/orders/{id}), most literal first. */
function listRouteTemplates(folder, prefix) {
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

function literalCount(segments) {
  return segments.filter((segment) => !segment.startsWith("{")).length;
}

function matches(template, concrete) {
  if (template.length !== concrete.length) return false;
  return template.every((segment, i) => (segment.startsWith("{") ? concrete[i] !== "" : segment === concrete[i]));
}

function formatErrors(errors) {
  return (errors ?? [])
    .slice(0, 10)
    .map((error) => `  ${error.instancePath || "(body)"} ${error.message}${error.params?.additionalProperty ? `: "${error.params.additionalProperty}"` : ""}${error.params?.allowedValues ? ` ${JSON.stringify(error.params.allowedValues)}` : ""}`)
    .join("\n");
}

function excerpt(body) {
  const text = JSON.stringify(body);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}
