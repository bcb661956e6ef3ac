// GET /api/consultations/availability?date=yyyy-MM-dd&type=slug – which slots still have a place
import { NextResponse } from "next/server";
import { listSlotAvailability } from "@/lib/server/booking/list-slot-availability";
import { apiRoute } from "@/lib/server/http/api-route";
import { availabilityQuerySchema } from "@/lib/validation/booking";

export const GET = apiRoute({ query: availabilityQuerySchema }, async ({ query }) => {
  const availability = await listSlotAvailability(query.date, query.type);
  // Places change with every booking: never cache.
  return NextResponse.json(availability, { headers: { "Cache-Control": "no-store" } });
});
