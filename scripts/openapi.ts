// `npm run openapi`: writes the API's OpenAPI document (lib/api-contract/document.ts) to
// docs/api/openapi.json and checks it against the OpenAPI 3.1 schema. Run it after changing a
// route's description in lib/api-contract/routes; lib/api-contract/document.test.ts fails while
// the committed file differs from what this writes.
//   --check   write nothing: exit 1 when the committed file is stale or the document invalid
import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument, OPENAPI_FILE, openApiJson } from "@/lib/api-contract/document";
import { operations } from "@/lib/api-contract/routes";
import packageJson from "@/package.json";

async function main(): Promise<number> {
  const check = process.argv.includes("--check");
  const document = buildOpenApiDocument(operations, { version: packageJson.version });
  const text = openApiJson(document);

  const result = await new Validator().validate(JSON.parse(text));
  if (!result.valid) {
    console.error(`The generated document is not valid OpenAPI ${document.openapi}:\n${JSON.stringify(result.errors, null, 2)}`);
    return 1;
  }

  const current = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, "utf8") : null;
  const operationCount = Object.values(document.paths ?? {}).reduce((sum, item) => sum + Object.keys(item ?? {}).length, 0);
  if (check) {
    if (current !== text) {
      console.error(`${OPENAPI_FILE} is stale: run npm run openapi`);
      return 1;
    }
    console.log(`${OPENAPI_FILE} is up to date (${operationCount} operations, valid OpenAPI ${document.openapi}).`);
  } else if (current === text) {
    console.log(`${OPENAPI_FILE} unchanged (${operationCount} operations, valid OpenAPI ${document.openapi}).`);
  } else {
    fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
    fs.writeFileSync(OPENAPI_FILE, text);
    console.log(`Wrote ${OPENAPI_FILE} (${operationCount} operations, valid OpenAPI ${document.openapi}).`);
  }
  return 0;
}

// A CommonJS script under tsx (package.json has no "type"): no top-level await.
main().then((code) => process.exit(code));
