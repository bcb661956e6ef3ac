// GET /api/docs – the API reference page (Swagger UI on /api/openapi.json)
import { REFERENCE_CONTENT_SECURITY_POLICY, REFERENCE_HTML } from "@/lib/api-contract/reference-page";

export async function GET() {
  return new Response(REFERENCE_HTML, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300", "Content-Security-Policy": REFERENCE_CONTENT_SECURITY_POLICY },
  });
}
