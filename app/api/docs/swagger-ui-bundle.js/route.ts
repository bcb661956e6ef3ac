// GET /api/docs/swagger-ui-bundle.js – Swagger UI's script, from swagger-ui-dist on our own origin
import { referenceAssetResponse } from "@/lib/api-contract/reference-page";

export async function GET() {
  return referenceAssetResponse("swagger-ui-bundle.js");
}
