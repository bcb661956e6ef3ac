// GET /api/openapi.json – the API's OpenAPI 3.1 document, generated from the routes' own schemas
import { NextResponse } from "next/server";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/api-contract/document";
import { operations } from "@/lib/api-contract/routes";
import packageJson from "@/package.json";

// The same for every request until the next deploy: built once per process.
let document: OpenApiDocument | null = null;

export async function GET() {
  document ??= buildOpenApiDocument(operations, { version: packageJson.version });
  return NextResponse.json(document, { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}
