// GET /api/docs/swagger-ui.css – Swagger UI's stylesheet, from swagger-ui-dist on our own origin
import { referenceAssetResponse } from "@/lib/api-contract/reference-page";

export async function GET() {
  return referenceAssetResponse("swagger-ui.css");
}
