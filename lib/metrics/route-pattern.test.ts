import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { appRoutesFromBuild, appRoutesFromDirectory, loadRoutePatternMatcher, OTHER_ROUTE, PUBLIC_FILE_ROUTE, routePatternMatcher } from "./route-pattern.mjs";

const root = path.resolve(__dirname, "../..");
const appRoutes = appRoutesFromDirectory(path.join(root, "app"));
const routeOf = loadRoutePatternMatcher({ dir: root, distDir: path.join(os.tmpdir(), "no-build-here") });
const labels = new Set([...appRoutes, "/_next/static", "/_next/image", PUBLIC_FILE_ROUTE, OTHER_ROUTE]);

describe("route patterns from app/", () => {
  it("lists pages and handlers without route groups, and metadata routes by the URL they answer", () => {
    expect(appRoutes).toEqual(expect.arrayContaining(["/", "/staff/orders/[id]", "/api/orders/[reference]/weight-photo", "/rx/[reference]", "/api/auth/[...nextauth]", "/robots.txt", "/sitemap.xml"]));
    expect(appRoutes.some((route) => /\(|@|\/_/.test(route))).toBe(false);
  });
});

describe("routePatternMatcher", () => {
  it.each([
    ["/", "/"],
    ["/staff/orders/5f0c7c1e-2b8f-4c61-9d2a-0b6c3f1e9a77", "/staff/orders/[id]"],
    ["/api/orders/OR-7K3Q9D/weight-photo?token=secret", "/api/orders/[reference]/weight-photo"],
    ["/rx/RX-7K3Q-9DMW-T4HB", "/rx/[reference]"],
    ["/dashboard/side-effects/new", "/dashboard/side-effects/new"],
    ["/dashboard/side-effects/5f0c7c1e", "/dashboard/side-effects/[id]"],
    ["/api/auth/callback/credentials", "/api/auth/[...nextauth]"],
    ["/weight-loss/quiz/3", "/[treatmentType]/quiz/[step]"],
    ["/_next/static/chunks/app-4f2a.js", "/_next/static"],
    ["/_next/image?url=%2Fimages%2Fhero.svg&w=640", "/_next/image"],
    ["/images/hero.svg", PUBLIC_FILE_ROUTE],
    ["/metrics", OTHER_ROUTE],
    ["/no/such/page/at/all", OTHER_ROUTE],
    ["http://evil.example/staff", OTHER_ROUTE],
  ])("%s → %s", (url, pattern) => {
    expect(routeOf(url)).toBe(pattern);
  });

  it("never turns an id, reference, email or other raw segment into a label value", () => {
    const raw = ["5f0c7c1e-2b8f-4c61-9d2a-0b6c3f1e9a77", "RX-7K3Q-9DMW-T4HB", "rx-7k3q-9dmw-t4hb", "OR-7K3Q9D", "PR-AB12CD", "jamie.reid%40example.com", "%E2%9C%93", "..%2F..%2Fetc"];
    const templates = ["/x", "/staff/orders/x", "/api/staff/prescriptions/x/messages/x/photo", "/rx/x", "/r/x", "/x/quiz/x", "/api/auth/x/x/x", "/dashboard/orders/x", "/x/x/x/x/x", "/_next/x", "/images/x"];
    for (const value of raw) {
      for (const template of templates) {
        const label = routeOf(template.replaceAll("x", value));
        expect(labels.has(label)).toBe(true);
        expect(label).not.toContain(value);
        expect(label.toLowerCase()).not.toContain(decodeURIComponent(value.replace(/%(?![0-9A-F]{2})/gi, "")).toLowerCase());
      }
    }
  });

  it("prefers a static segment to a parameter, and a parameter to a catch-all, as Next.js does", () => {
    const match = routePatternMatcher(["/shop/[...path]", "/shop/[slug]", "/shop/new", "/[[...all]]"]);
    expect(match("/shop/new")).toBe("/shop/new");
    expect(match("/shop/hat")).toBe("/shop/[slug]");
    expect(match("/shop/hat/red")).toBe("/shop/[...path]");
    expect(match("/anything/else")).toBe("/[[...all]]");
    expect(match("/")).toBe("/[[...all]]");
  });
});

describe("appRoutesFromBuild", () => {
  it("reads the patterns a production build serves from its app-path-routes-manifest.json", () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "routes-manifest-"));
    fs.writeFileSync(path.join(distDir, "app-path-routes-manifest.json"), JSON.stringify({ "/(shop)/orders/[id]/page": "/orders/[id]", "/robots.txt/route": "/robots.txt" }));
    expect(appRoutesFromBuild(distDir)).toEqual(["/orders/[id]", "/robots.txt"]);
    expect(routePatternMatcher(appRoutesFromBuild(distDir))("/orders/OR-7K3Q9D")).toBe("/orders/[id]");
    fs.rmSync(distDir, { recursive: true });
  });
});
