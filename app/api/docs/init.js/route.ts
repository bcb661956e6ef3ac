// GET /api/docs/init.js – starts Swagger UI on /api/openapi.json (a file, so the page needs no inline script)
import { REFERENCE_ASSET_CACHE, REFERENCE_INIT_SCRIPT } from "@/lib/api-contract/reference-page";

export async function GET() {
  return new Response(REFERENCE_INIT_SCRIPT, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": REFERENCE_ASSET_CACHE } });
}
