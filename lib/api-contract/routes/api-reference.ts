// The API's own description: the OpenAPI document and the reference page that renders it.
import { z } from "zod";
import { defineOperations, type Operation } from "../operation";

/** The document itself (only its outline: it describes the API, it is not the API's data). */
const documentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});

function asset(path: string, summary: string, contentType: string): Operation {
  return { method: "get", path, summary, tags: ["API reference"], access: "public", responses: { 200: { description: summary, contentType } } };
}

export const apiReferenceOperations = defineOperations([
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document: OpenAPI 3.1, generated from the schemas the routes validate with",
    tags: ["API reference"],
    access: "public",
    responses: { 200: { description: "The OpenAPI document (cached five minutes).", schema: documentSchema } },
  },
  {
    method: "get",
    path: "/api/docs",
    summary: "The API reference page (Swagger UI on /api/openapi.json)",
    tags: ["API reference"],
    access: "public",
    responses: { 200: { description: "An HTML page with its own Content-Security-Policy (script from this origin only).", contentType: "text/html" } },
  },
  asset("/api/docs/init.js", "The reference page's start-up script", "text/javascript"),
  asset("/api/docs/swagger-ui-bundle.js", "Swagger UI's script (swagger-ui-dist)", "text/javascript"),
  asset("/api/docs/swagger-ui.css", "Swagger UI's stylesheet (swagger-ui-dist)", "text/css"),
]);
