// GET /api/openapi.json serves the generated document; GET /api/docs renders it with Swagger UI
// from our own origin, under a policy that allows no inline or foreign script.
import fs from "node:fs";
import path from "node:path";
import { GET as docsPage } from "@/app/api/docs/route";
import { GET as initScript } from "@/app/api/docs/init.js/route";
import { GET as bundle } from "@/app/api/docs/swagger-ui-bundle.js/route";
import { GET as stylesheet } from "@/app/api/docs/swagger-ui.css/route";
import { GET as openApiJson } from "@/app/api/openapi.json/route";
import { buildOpenApiDocument } from "@/lib/api-contract/document";
import { operations } from "@/lib/api-contract/routes";
import packageJson from "@/package.json";
import { call } from "@/tests/support/request";

const swaggerUiFile = (name: string) => fs.readFileSync(path.join(process.cwd(), "node_modules", "swagger-ui-dist", name), "utf8");

describe("GET /api/openapi.json", () => {
  test("answers the generated document, cacheable", async () => {
    const res = await call(openApiJson, "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(operations, { version: packageJson.version }))));
    expect(res.body.info.title).toBe("Hairline Clinic API");
  });
});

describe("GET /api/docs", () => {
  test("is a page whose scripts are all files on this origin, under a policy without inline script", async () => {
    const res = await call(docsPage, "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    const html = res.body as string;
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => (attributes ?? "").trim())).toEqual(['src="/api/docs/swagger-ui-bundle.js"', 'src="/api/docs/init.js"']);
    expect(scripts.every(([, , content]) => content === "")).toBe(true);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs/swagger-ui.css">');
    expect(html).not.toMatch(/https?:\/\//);
  });

  test("serves Swagger UI's bundle and stylesheet from swagger-ui-dist, and the start-up script", async () => {
    const js = await call(bundle, "/api/docs/swagger-ui-bundle.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.body).toBe(swaggerUiFile("swagger-ui-bundle.js"));
    const css = await call(stylesheet, "/api/docs/swagger-ui.css");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.body).toBe(swaggerUiFile("swagger-ui.css"));
    const init = await call(initScript, "/api/docs/init.js");
    expect(init.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(init.body).toContain('url: "/api/openapi.json"');
  });
});
